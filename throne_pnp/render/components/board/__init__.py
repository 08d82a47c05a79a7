"""One board drawing, as layout shapes in millimetres.

`land` draws the island (sea, territories, lakes, coasts, borders, sea
crossings); `territories` adds each territory's number, name, symbols and
cube spaces (`map_items`: the printed board) and measures them
(`territory_geometry`, `fit_problems`); `marks` draws what goes over a board
(cubes on the table, numbers, battles, moves). Three boards are made of
these parts, each with its own options: the map sheet (`mapsheet`: the
printed board placed on paper), the rules booklet's figures (`figure`: the
land plainer and scaled down, with cube badges and numbered steps), and the
board of the table page and `throne show --svg` (the printed board with the
cubes now on the table filled in and the King's moves drawn).
"""
