"""One board drawing, as layout shapes in millimetres.

`land` draws the island, `territories` adds each territory's labels and cube
spaces (`map_items`) and measures them, `marks` draws what goes over a board.
The map sheet, the booklet's figures (`figure`) and the table page's board
are all made of these parts.
"""
