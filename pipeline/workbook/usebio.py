"""Reading a USEBIO file (the XML results format, version 1.2) into a tree of elements, each with its line:
the syntax only; what the elements mean for scoring is pipeline/games/bridge/interchange.py.

The XML is parsed with the standard library's expat, refusing what an XML bomb needs: any entity declaration
in a document type (`<!ENTITY`, internal or external: the billion laughs and external entities), external
parameter entities and references to undeclared entities. The `<!DOCTYPE USEBIO SYSTEM "...usebio_v1_2.dtd">`
real files carry is allowed and never fetched. References and decisions: docs/interchange.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from pipeline.i18n import _
from pipeline.problems import InputError, Problem, kind
from pipeline.workbook.interchange import file_text

BAD_XML = kind(
    "B216",
    "a USEBIO file that is not well-formed XML, or declares entities (refused: an XML bomb's means)",
    example="event.xml, row 41, column 'XML' [mismatched tag]: this is not well-formed XML (mismatched tag); the file is damaged or was cut short",
)
MAX_DEPTH = 64  # USEBIO nests 7 deep; a deeper file is not USEBIO


@dataclass
class Element:
    """One XML element: its name, attributes, text (stripped), line and children."""

    name: str
    line: int
    attributes: dict[str, str] = field(default_factory=dict)
    text: str = ""
    children: list[Element] = field(default_factory=list)

    def first(self, name: str) -> Element | None:
        """Its first child of this name."""
        return next((c for c in self.children if c.name == name), None)

    def value(self, name: str) -> str:
        """The text of its first child of this name, else its attribute of this name, else ''."""
        child = self.first(name)
        return child.text if child is not None else self.attributes.get(name, "").strip()

    def all(self, name: str) -> list[Element]:
        """Every element of this name below it, in document order."""
        found: list[Element] = []
        stack = list(reversed(self.children))
        while stack:  # depth-first, document order
            element = stack.pop()
            if element.name == name:
                found.append(element)
            stack.extend(reversed(element.children))
        return found


class Refused(Exception):
    """What the parser refuses, with the line it was found at."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def parsed_tree(text: str) -> Element:
    """The document's root element; Refused or expat.ExpatError when the XML is refused or not well formed."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Element] = []
    root: list[Element] = []
    texts: list[list[str]] = []

    def refuse_entity(name: str, *args: object) -> None:
        raise Refused(
            _("declares the entity {name}: USEBIO never does, and an XML bomb does", name=name),
            parser.CurrentLineNumber,
        )

    def refuse_external(*args: object) -> int:
        raise Refused(_("refers to an external entity: USEBIO never does"), parser.CurrentLineNumber)

    def start(name: str, attributes: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise Refused(
                _("nests elements more than {depth} deep: this is not USEBIO", depth=MAX_DEPTH),
                parser.CurrentLineNumber,
            )
        element = Element(name, parser.CurrentLineNumber, dict(attributes))
        (stack[-1].children if stack else root).append(element)
        stack.append(element)
        texts.append([])

    def end(name: str) -> None:
        stack.pop().text = "".join(texts.pop()).strip()

    def data(text: str) -> None:
        if texts:
            texts[-1].append(text)

    parser.EntityDeclHandler = refuse_entity
    parser.ExternalEntityRefHandler = refuse_external
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.Parse(text.encode("utf-8"), True)
    return root[0]


def read_usebio(path: Path, limit_mb: int) -> tuple[Element, str]:
    """The root element of a USEBIO file and the SHA-256 of its bytes; InputError (B216, at the line) when the
    XML is not well formed or is refused."""
    path = Path(path)
    text, digest = file_text(path, limit_mb)
    if text.startswith(
        "<?xml"
    ):  # the text is decoded already: its declared encoding must not be applied again
        end = text.find("?>")
        text = text[end + 2 :] if end > 0 else text
    try:
        return parsed_tree(text), digest
    except expat.ExpatError as exc:
        words = expat.ErrorString(exc.code)
        problem = _(
            "this is not well-formed XML ({words}); the file is damaged or was cut short", words=words
        )
        found = Problem.of(BAD_XML, path.name, exc.lineno, "XML", words, problem)
    except Refused as exc:
        found = Problem.of(
            BAD_XML, path.name, exc.line, "XML", None, _("refused: the file {reason}", reason=exc)
        )
    raise InputError([found], source=str(path))


# Writing: the element tree as XML, two spaces an indent level, UTF-8 (XML's own default; USEBIO files in
# ISO 8859-1 cannot carry every name), and the document type real files declare (never fetched by readers
# that do not validate).
USEBIO_DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">'


def element_lines(element: Element, depth: int = 0) -> list[str]:
    """An element and everything below it as indented lines of XML, its text and attributes escaped."""
    pad = "  " * depth
    attributes = "".join(f" {name}={quoteattr(value)}" for name, value in element.attributes.items())
    if not element.children:
        inner = escape(element.text)
        return [
            f"{pad}<{element.name}{attributes}>{inner}</{element.name}>"
            if inner
            else f"{pad}<{element.name}{attributes}/>"
        ]
    lines = [f"{pad}<{element.name}{attributes}>"]
    for child in element.children:  # recursion over the tree: USEBIO nests 7 deep
        lines += element_lines(child, depth + 1)
    return [*lines, f"{pad}</{element.name}>"]


def usebio_text(root: Element) -> str:
    """A USEBIO file's text: the XML declaration, the document type and the tree."""
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', USEBIO_DOCTYPE, *element_lines(root)]) + "\n"
