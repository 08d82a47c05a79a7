"""The narrator: the engine's records and events in players' words.

Above `rules` and `content`, below `render`: the engine reports plain records and this
package says them once, for the CLI, the page and the booklet.
"""
