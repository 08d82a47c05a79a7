"""Printable components: content -> PDF, SVG and image files.

Three rooms, each importing only the ones before it: `backend` (shapes in mm, geometry, icons,
the typeface, the PDF and SVG writers), `components` (what is printed, as pages of those shapes)
and `exports` (the pack, print-on-demand images, the Tabletop Simulator save); `build` runs all.
"""
