"""Shapes in millimetres and what draws them: the layout vocabulary, plane
geometry, icons, the embedded typeface, and the PDF and SVG writers."""
