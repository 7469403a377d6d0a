// Search results for the reader's game, and queries in a reader's words.
//
// Material's search ranks pages by their score (each page's `search: boost:` front matter is part
// of it: a clause above a page that only mentions it, TTYKM's clauses above the other games' on a
// page of no game; see oracle/tools/site/pages.py, search_boost).  This script does two things:
//
// - Before a query reaches the search, it drops the little words that would match everything,
//   French or English ("Coup de bluff" searches "Coup bluff": "de" would find every word that
//   starts so), and a leading game's name ("TC K4", "Ombres K4", "TTYKM K4", any case), which
//   says whose results the reader wants; a ruling's ID with its game's mark, as the pages show it
//   ("TC-K4", "OMBRES-K4"), is read so too.  Material sends the query to its search worker as a
//   message of its documented protocol ({type: QUERY, data: text}); the words are taken out there.
// - Once the results are drawn, it orders them again:
//   0. for a reader of the English edition, the French edition's pages come last, whatever they match;
//   1. an exact ruling ID ("A1", "K7") puts that ruling first: the named game's ("TC K4"), else the
//      reader's game's, then the other games' rulings of that ID; within its page's result, the
//      ruling's own entry comes first, ahead of A10 to A15;
//   2. then, for a reader of the French edition, the French pages of the reader's game (or of the
//      game named), before the English rules that match alike ("Traquenard" finds the lesson first);
//      on a French page of no game (the home page, the glossary), every French page first;
//   3. then a result whose title is exactly the words searched (MOVE.PUSH.PARADOX · Paradox for
//      "paradox"), wherever the reader is: the term is that clause's name;
//   4. otherwise a result in the named game, or else in the reader's own section (a game:
//      rules/<game>/ and <game>/, in either edition, or the page's first folder, such as api/),
//      counts its score double.
// So a reader on a Time Chase page who searches "notation" gets Time Chase's Notation first, and
// one who searches "paradox" still gets TTYKM's paradox rule first.
//
// Material's search draws its results a batch at a time, so the order above only reaches the
// results already drawn.  So, before that, the search index (one for both editions) is weighted for
// the reader's edition as the worker is given it ({type: SETUP, data: the index}): each page of the
// other edition counts a ten-thousandth, and every result of the reader's language is drawn first.
//
// The ranking itself (`ranking` below) reads no page: tests run it under node with made-up results.
(function () {
  "use strict";

  const ranking = (function () {
    // Words that would match everything, dropped from a query that has other words.  The search
    // adds a wildcard to every word, so "de" finds "deal", "dealt", "demon", "dé"...
    const STOP_WORDS = new Set([
      // French
      "a", "à", "au", "aux", "ce", "ces", "d", "dans", "de", "des", "du", "elle", "en", "est", "et",
      "il", "l", "la", "le", "les", "leur", "ou", "où", "par", "pas", "pour", "qu", "que", "qui",
      "sa", "se", "ses", "son", "sur", "un", "une",
      // English
      "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of", "on", "or",
      "the", "to", "with",
    ]);
    // A leading name of a game: "TC K4" is Time Chase's K4 (the rulings page writes it so).
    const GAME_WORDS = {
      "tc": "time-chase", "time chase": "time-chase", "contre temps": "time-chase",
      "ombres": "trois-ombres", "3 ombres": "trois-ombres", "trois ombres": "trois-ombres",
      "ttykm": "ttykm",
    };
    // A ruling's ID as typed: K7, A1, T3, GD3, G-10 (oracle/tools/site/rulings.py, ID).
    const RULING_ID = /^[a-z]{1,3}(?:-[a-z]{0,2})?\d+[a-z]?$/;
    // A ruling's ID with its game's mark, as the pages show it: TC-K7, OMBRES-K7 (rulings.py, GAME_MARK).
    const MARKED_ID = /^([a-z]+)-(.+)$/;
    const SECTION_FACTOR = 2;
    const GAMES = new Set(Object.values(GAME_WORDS));

    function words(text) {
      return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim().split(" ").filter(Boolean);
    }

    // The words that carry meaning: without the little ones, unless nothing else is left.
    function meaningful(list) {
      const kept = list.filter(function (word) { return !STOP_WORDS.has(word); });
      return kept.length ? kept : list;
    }

    // A query's words as typed, and the game its first words name ("" when none; a game's name with
    // nothing after it is just words to search for).
    function split(text) {
      const typed = text.trim().split(/\s+/).filter(Boolean);
      const marked = typed.length === 1 ? MARKED_ID.exec(typed[0].toLowerCase()) : null;
      if (marked && GAME_WORDS[marked[1]] && RULING_ID.test(marked[2])) {  // "TC-K7" is "TC K7"
        return { game: GAME_WORDS[marked[1]], rest: [typed[0].slice(marked[1].length + 1)] };
      }
      for (let k = 1; k < typed.length; k++) {
        const game = GAME_WORDS[words(typed.slice(0, k).join(" ")).join(" ")];
        if (game) return { game: game, rest: typed.slice(k) };
      }
      return { game: "", rest: typed };
    }

    // What a query asks for: the game it names first (or ""), its meaningful words without that
    // name, and the ruling ID it is, if it is one.
    function parse(text) {
      const { game, rest } = split(text);
      const id = rest.length === 1 ? rest[0].toLowerCase() : "";
      return { game: game, ruling: RULING_ID.test(id) ? id : "", words: meaningful(words(rest.join(" "))) };
    }

    // The query the search is given: the reader's text without a leading game's name, and without
    // the little words before the last one (the last may be the start of a word being typed).
    function searchText(text) {
      const { rest } = split(text);
      const kept = rest.filter(function (word, i) {
        const plain = words(word);
        return i === rest.length - 1 || !(plain.length === 1 && STOP_WORDS.has(plain[0]));
      });
      return kept.join(" ");
    }

    // The section of a page, from its address below the site's root: a game (rules/<game>/...,
    // <game>/..., fr/<game>/...) or the page's first folder.
    function sectionOf(path) {
      const parts = path.split("#")[0].split("?")[0].split("/").filter(Boolean);
      if (parts[0] === "fr") parts.shift();  // a French page is in its game's section too (fr/<game>/)
      return parts[0] === "rules" ? parts[1] || "" : parts[0] || "";
    }

    // Whether a result's anchor is the ruling `id` itself: #ruling-k4, #ruling-tc-k4, #ruling-ombres-k4
    // (the game's mark, one word, before the ID), not #ruling-tc-k41.
    function isRuling(path, id) {
      const anchor = path.includes("#") ? path.slice(path.indexOf("#") + 1) : "";
      if (!id || !anchor.startsWith("ruling-")) return false;
      const head = anchor.slice("ruling-".length);
      const kebab = id.replace(/[^a-z0-9]+/g, "-");
      return head === kebab || (head.endsWith("-" + kebab) && /^[a-z]+-$/.test(head.slice(0, -kebab.length)));
    }

    function titleWords(title) {
      const name = title.includes("·") ? title.slice(title.indexOf("·") + 1) : title;
      return meaningful(words(name)).join(" ");
    }

    // The order to show results in.  `items` are the results as drawn, each a list of links
    // {path, score, title} (the page first, then its sections); `here` is the reader's section, and
    // `french` whether the reader is on a page of the French edition.
    // Returns, in the order to show, each item's index and the index of its link to put first
    // among its sections (or -1).
    function order(items, text, here, french) {
      const query = parse(text);
      const wanted = query.game || here;
      // A ruling ID matches the English ruling and its French summary alike: a French reader who has the
      // summary gets the English ruling after the French pages, as an English reader gets the summary last.
      const summarised = Boolean(french) && items.some(function (links) {
        return links.length > 0 && links[0].path.startsWith("fr/") &&
          links.some(function (link) { return isRuling(link.path, query.ruling); });
      });
      const ranked = items.map(function (links, i) {
        const own = wanted !== "" && links.length > 0 && sectionOf(links[0].path) === wanted;
        const inFrench = Boolean(french) && (own || !GAMES.has(wanted)) && links.length > 0 &&
          links[0].path.startsWith("fr/");
        const exact = links.findIndex(function (link) { return isRuling(link.path, query.ruling); });
        const english = links.length > 0 && !links[0].path.startsWith("fr/");
        const matched = exact >= 0 && !(summarised && english);
        const score = Math.max(0, ...links.map(function (link) { return link.score || 0; }));
        const named = query.words.length > 0 && links.some(function (link) {
          return titleWords(link.title || "") === query.words.join(" ");
        });
        // A reader of the English edition gets the French pages (and the French rulings' summaries) last.
        const otherEdition = !french && links.length > 0 && links[0].path.startsWith("fr/");
        return {
          index: i, first: exact,
          key: [otherEdition ? 0 : 1, !matched ? 0 : own ? 2 : 1, inFrench ? 1 : 0, named ? 1 : 0,
            own ? score * SECTION_FACTOR : score],
        };
      });
      ranked.sort(function (a, b) {
        for (let k = 0; k < a.key.length; k++) {
          if (a.key[k] !== b.key[k]) return b.key[k] - a.key[k];
        }
        return a.index - b.index;
      });
      return ranked.map(function (r) { return { index: r.index, first: r.first }; });
    }

    // The search index's pages weighted for a reader of the French edition (`french`) or the English
    // one: the other edition's count OTHER_EDITION times their own boost.  A word in a title weighs a
    // thousand times one in the text (the index's field boosts), and a page's boost is at most 4: at a
    // fifth, the English pages titled "The Focus" still drew before the French pages whose text has it;
    // at a ten-thousandth, every page of the reader's edition that matches is drawn first.
    const OTHER_EDITION = 1e-4;
    function weighted(docs, french) {
      return docs.map(function (doc) {
        const other = doc.location.startsWith("fr/") !== Boolean(french);
        return other ? Object.assign({}, doc, { boost: (doc.boost || 1) * OTHER_EDITION }) : doc;
      });
    }

    return { STOP_WORDS: STOP_WORDS, parse: parse, searchText: searchText, sectionOf: sectionOf,
             isRuling: isRuling, order: order, weighted: weighted };
  })();

  if (typeof document === "undefined") {  // under node, for the tests
    module.exports = ranking;
    return;
  }

  // Material's search worker protocol: the index is the message {type: SETUP, data: {config, docs,
  // options}}, a query {type: QUERY, data: the text}.
  const SETUP = 0, QUERY = 2;
  const configured = document.getElementById("__config");
  const root = new URL(configured ? JSON.parse(configured.textContent).base || "." : ".", location.href);

  function pathOf(href) {
    const url = new URL(href, location.href);
    if (!url.pathname.startsWith(root.pathname)) return "";
    return url.pathname.slice(root.pathname.length) + url.hash;
  }

  const french = pathOf(location.href).startsWith("fr/");
  if (typeof Worker !== "undefined") {
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message && message.type === SETUP && message.data && Array.isArray(message.data.docs)) {
        message = Object.assign({}, message, {
          data: Object.assign({}, message.data, { docs: ranking.weighted(message.data.docs, french) }) });
      }
      if (message && message.type === QUERY && typeof message.data === "string") {
        message = Object.assign({}, message, { data: ranking.searchText(message.data) });
      }
      return post.call(this, message, ...rest);
    };
  }

  const list = document.querySelector(".md-search-result__list");
  const input = document.querySelector("input.md-search__input");
  if (!list || !input || !configured) return;

  function section(href) {
    return ranking.sectionOf(pathOf(href));
  }

  function titleOf(link) {
    const heading = link.querySelector("h1, h2");
    return heading ? heading.textContent : "";
  }

  const here = section(location.href);

  function links(li) {
    return [...li.querySelectorAll("a.md-search-result__link")];
  }

  const observer = new MutationObserver(function () {
    const items = [...list.children].filter(function (li) { return li.matches("li.md-search-result__item"); });
    if (items.length === 0) return;
    const drawn = items.map(function (li) {
      return links(li).map(function (a) {
        return { path: pathOf(a.href), title: titleOf(a),
                 score: parseFloat(a.querySelector("article")?.dataset.mdScore || "0") };
      });
    });
    const shown = ranking.order(drawn, input.value, here, french);
    for (const { index, first } of shown) {
      const own = links(items[index]);
      if (first > 1 || (first === 1 && own[1].parentElement !== items[index])) {
        own[0].after(own[first]);  // the ruling itself, right under its page, outside "more on this page"
      }
    }
    if (shown.some(function (x, i) { return x.index !== i; })) {
      for (const x of shown) list.append(items[x.index]);
    }
    observer.takeRecords();  // the moves just made are not new results
  });
  observer.observe(list, { childList: true });
  window.ttykmSearch = { section: section, here: here };
})();
