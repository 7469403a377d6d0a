"""TTYKM's pictures: `svg` draws boards and turns; `text` draws the boards as text."""
