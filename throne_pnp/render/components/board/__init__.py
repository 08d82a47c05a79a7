"""One board drawing, as layout shapes in millimetres: `land` draws the island, `territories`
its labels and cube spaces, `marks` what goes over a board; the map sheet, figures and the
table page share them.
"""
