"""Printable components: content -> PDF, SVG and image files.

Three rooms, each importing only the ones before it:

- `backend`: shapes in millimetres (`layout`), plane geometry (`mapgeom`),
  icons, the embedded typeface (`fonts`, `ttfslim`) and the two writers that
  draw a page (`pdf`, `svg`);
- `components`: what is printed, laid out as pages of those shapes: the map
  sheet and its drawing, cards, the rules booklet with its figures, the
  print guide, player aids and extras;
- `exports`: the components gathered for a purpose: the print-and-play pack,
  print-on-demand images (`png`) and the Tabletop Simulator save (`tts`).

`build` (this level) is the orchestrator `throne build` calls.
"""
