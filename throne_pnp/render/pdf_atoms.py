"""The bytes of numbers and names in reportlab's PDF objects, remembered.

When reportlab saves a document it formats every object through its module's
`pdfdoc.format`, one Python call per number and per name (a font's hundreds
of glyph widths, each dictionary's keys), and turns each key into a PDF name
letter by letter (`pdfdoc.PDFName`). A build saves eight documents whose
objects hold mostly the same numbers and keys. `render_pdf` puts these
wrappers in place of reportlab's two functions while it writes a document
(and puts reportlab's back after), with memos that live as long as the
build's `DrawCache`: the same bytes, a third of reportlab's saving time.
"""

from __future__ import annotations


def formatter(rl_format, atoms: dict[object, bytes]):
    """reportlab's `pdfdoc.format` (an object's bytes in the file), with the
    bytes of numbers and short strings remembered in `atoms`.

    reportlab formats every number and name of every object this way, one
    Python call after another (a font's hundreds of glyph widths and each
    dictionary's keys, in every document of a build). Their bytes depend on
    their value alone, and equal numbers (1 and 1.0) get the same bytes, so
    a remembered answer is what reportlab would write. Anything else goes to
    reportlab.
    """
    def format(element, document, toplevel=0):   # noqa: A001 - reportlab's name
        kind = type(element)
        if kind is float or kind is int or (kind is str and len(element) < 64):
            text = atoms.get(element)
            if text is None:
                text = atoms[element] = rl_format(element, document, toplevel)
            return text
        return rl_format(element, document, toplevel)

    return format


def namer(rl_name, names: dict[str, str]):
    """reportlab's `pdfdoc.PDFName` (a dictionary key as a name, letter by letter
    in Python), remembered in `names`: a pure function of the key."""
    def name(data):
        text = names.get(data)
        if text is None:
            text = names[data] = rl_name(data)
        return text

    return name
