"""Pictures of a state: text for a terminal (`text`) and SVG for the site (`svg`)."""
