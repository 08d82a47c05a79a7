"""One board drawing, as layout shapes in millimetres: `land` draws the island (its rough
`shore`s), `terrain` its glyph fields, `territories` its labels and cube spaces, `marks` what
goes over a board, `sea` finds free sea for the sheet's aids; the map sheet, figures and the
table page share them.
"""
