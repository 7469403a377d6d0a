// Search results for the reader's section of the site.
//
// Material's search ranks pages by their score (each page's `search: boost:` front matter is part
// of it: a clause above a page that only mentions it, TTYKM's clauses above the other games' on a
// page of no game; see oracle/tools/site/pages.py, search_boost).  Once the results are drawn,
// this script orders them again, by two rules:
//   1. a result whose title is exactly the words searched (MOVE.PUSH.PARADOX · Paradox for
//      "paradox") comes first, wherever the reader is: the term is that clause's name;
//   2. otherwise a result in the reader's own section (a game: rules/<game>/ and <game>/, or the
//      page's first folder, such as api/) counts its score double.
// So a reader on a Time Chase page who searches "notation" gets Time Chase's Notation first, and
// one who searches "paradox" still gets TTYKM's paradox rule first.
(function () {
  "use strict";
  const list = document.querySelector(".md-search-result__list");
  const input = document.querySelector("input.md-search__input");
  const configured = document.getElementById("__config");
  if (!list || !input || !configured) return;
  const root = new URL(JSON.parse(configured.textContent).base || ".", location.href);
  const SECTION_FACTOR = 2;

  function section(href) {
    const url = new URL(href, location.href);
    if (!url.pathname.startsWith(root.pathname)) return "";
    const parts = url.pathname.slice(root.pathname.length).split("/").filter(Boolean);
    if (parts[0] === "fr") parts.shift();  // a French page is in its game's section too (fr/<game>/)
    return parts[0] === "rules" ? parts[1] || "" : parts[0] || "";
  }

  function words(text) {
    return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  function titleOf(link) {
    const heading = link.querySelector("h1, h2");
    if (!heading) return "";
    const text = heading.textContent;
    return text.includes("·") ? text.slice(text.indexOf("·") + 1) : text;
  }

  const here = section(location.href);

  function rank(item, query) {
    const links = [...item.querySelectorAll("a.md-search-result__link")];
    const score = Math.max(0, ...links.map(function (a) {
      return parseFloat(a.querySelector("article")?.dataset.mdScore || "0");
    }));
    const named = links.some(function (a) { return query && words(titleOf(a)) === query; });
    const own = here !== "" && links.length > 0 && section(links[0].href) === here;
    return { named: named, score: own ? score * SECTION_FACTOR : score };
  }

  const observer = new MutationObserver(function () {
    const query = words(input.value);
    const items = [...list.children].filter(function (li) { return li.matches("li.md-search-result__item"); });
    if (items.length < 2) return;
    const ranked = items.map(function (li, i) { return { li: li, i: i, r: rank(li, query) }; });
    ranked.sort(function (a, b) {
      return (b.r.named - a.r.named) || (b.r.score - a.r.score) || (a.i - b.i);
    });
    if (ranked.every(function (x, i) { return x.i === i; })) return;
    for (const x of ranked) list.append(x.li);
    observer.takeRecords();  // the moves just made are not new results
  });
  observer.observe(list, { childList: true });
  window.ttykmSearch = { section: section, here: here };
})();
