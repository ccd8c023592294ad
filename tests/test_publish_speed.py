"""The fast paths of publishing (docs/publish.md, "Speed") against the plain ones they replace: a table's body
rows built as one vectorized HTML text per sheet give the same bytes as the plain Jinja2 loop over every cell
(PLAIN_TABLE below, the template's macro before the fast path), hostile texts included; the vectorized
escape is markupsafe's; tables cut from one frame hold exactly the rows of their group; a page written
through its temporary file's descriptor gets the same bytes and permission bits as `atomic_target` gives."""

from __future__ import annotations

import os
import stat

import jinja2
import markupsafe
import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.problems import CannotWrite
from pipeline.publish.site import environment
from pipeline.publish.tables import grouped_tables, html_escaped, table_of
from pipeline.workbook import atomic

# The table macro of pipeline/publish/templates/macros.html as it was before the fast path: a Jinja2 loop over
# every cell, each text escaped by autoescape.
PLAIN_TABLE = """{% macro table(t, root, id="") %}
<div class="scroll">
<table{% if id %} id="{{ id }}"{% endif %}>
{% if t.caption %}<caption>{{ t.caption }}</caption>{% endif %}
<thead><tr>{% for header in t.headers %}<th scope="col"{% if t.figures[loop.index0] %} class="num"{% endif %}>{{ header|replace("-", "‑") }}</th>{% endfor %}</tr></thead>
<tbody>
{% for cells, mark in t.rows %}
<tr{% if mark %} class="mark"{% endif %}>{% for text, href, figure in cells %}<td{% if figure %} class="num"{% endif %}>{% if href %}<a href="{{ root }}{{ href }}">{{ text }}</a>{% else %}{{ text }}{% endif %}</td>{% endfor %}</tr>
{% endfor %}
</tbody>
</table>
</div>
{% endmacro %}"""

HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "Tom & Jerry's",
    "José Núñez",
    "",
    "a\nb",
    "&amp; already",
    "x" * 300,
]


def plain_body(table, root: str, id: str = "") -> str:
    """The table as the plain per-cell macro renders it, with the site's own Jinja2 settings."""
    env = jinja2.Environment(
        autoescape=True, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True
    )
    return env.from_string(PLAIN_TABLE).module.table(table, root, id)  # type: ignore[attr-defined]


def fast_body(table, root: str, id: str = "") -> str:
    """The table as the site's macro renders it (its body rows from the vectorized HTML)."""
    return environment().get_template("macros.html").module.table(table, root, id)  # type: ignore[attr-defined]


def hostile_frame() -> tuple[pd.DataFrame, dict[str, pd.Series], list[bool]]:
    """A sheet of every kind of column (text with hostile values and blanks, whole numbers, figures with
    decimals and -0, numbers written as text, dates), links on two columns (some cells without one), and
    highlighted rows."""
    n = len(HOSTILE)
    frame = pd.DataFrame(
        {
            "Player": pd.Series(HOSTILE, dtype="str"),
            "Name": pd.Series([*HOSTILE[1:], None], dtype="object"),
            "Rank": np.arange(1, n + 1),
            "Points": [12.5, -0.001, 3.0, np.nan, 100.25, -7.5, 0.0, 1.125],
            "As Text": ["1", "2.50", "", None, "-3", "4", "5", "6"],
            "Date": pd.to_datetime(["2026-01-02"] * (n - 1) + [None]),
            "Head-to-Head": ["<b>", "", "'", '"', "&", ">", "<", "ok"],
        }
    )
    links = {
        "Player": pd.Series([f"p/{i}<&'\".html" if i % 3 else "" for i in range(n)]),
        "Name": pd.Series([f"p/{i}.html" for i in range(n)], index=range(10, 10 + n)),  # any index
    }
    return frame, links, [i % 2 == 0 for i in range(n)]


@pytest.mark.parametrize("root", ["", "../", "a&b/"])
def test_a_table_renders_the_same_bytes_as_the_plain_per_cell_template(root):
    frame, links, marks = hostile_frame()
    table = table_of(frame, links=links, marked=marks, caption="<i>caption</i>")
    fast, plain = fast_body(table, root, "standings"), plain_body(table, root, "standings")
    assert fast == plain
    assert "<script>" not in fast and "&lt;script&gt;" in fast  # the hostile name shows as text
    assert fast.count("<tr") == len(frame) + 1  # the header row and a row each
    assert fast.count('<tr class="mark">') == sum(marks)


def test_tables_without_rows_or_columns_render_as_the_plain_template():
    for table in (table_of(pd.DataFrame({"A": []})), table_of(pd.DataFrame(index=range(3)))):
        assert fast_body(table, "") == plain_body(table, "")


def test_grouped_tables_hold_their_groups_rows_in_order_and_render_as_the_plain_template():
    frame, links, marks = hostile_frame()
    groups = pd.Series(["b", "a", None, "b", "c", "a", "b", None], dtype="str")
    order = np.array([7, 6, 5, 4, 3, 2, 1, 0])  # rows shown last first
    tables = grouped_tables(frame, groups, links=links, marked=marks, order=order)
    assert list(tables) == ["b", "a", "c"]  # by first appearance in the order shown; blanks have no table
    whole = table_of(frame, links=links, marked=marks).rows  # each row as the table of the whole sheet has it
    for key, positions in {"a": [5, 1], "b": [6, 3, 0], "c": [4]}.items():
        assert tables[key].rows == [whole[i] for i in positions]
        assert len(tables[key]) == len(positions)
        assert fast_body(tables[key], "../") == plain_body(tables[key], "../")


def test_grouped_tables_format_each_column_over_the_whole_sheet():
    frame = pd.DataFrame({"Points": [1.0, 2.5, 3.0]})
    tables = grouped_tables(frame, pd.Series(["x", "x", "y"]))
    assert [r[0][0][0] for r in tables["y"].rows] == ["3.00"]  # its group is whole, the sheet is not


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",))), max_size=20))
def test_the_vectorized_escape_is_markupsafes(texts):
    values = pa.array(texts, type=pa.large_string())
    assert html_escaped(values).to_pylist() == [str(markupsafe.escape(t)) for t in texts]


ROWS = st.lists(
    st.tuples(
        st.text(alphabet="<>&'\"ab é-", max_size=8),
        st.one_of(st.none(), st.floats(-1e6, 1e6, allow_nan=False)),
        st.text(alphabet="<&'/ab.", max_size=6),
        st.booleans(),
    ),
    max_size=12,
)


def check_same_bytes(rows: list[tuple[str, float | None, str, bool]]) -> None:
    """A table of these rows (a text column linked where a target is given, a column of figures, the
    highlighted rows) renders the same bytes both ways."""
    frame = pd.DataFrame({"Text": [r[0] for r in rows], "Figure": [r[1] for r in rows]}, dtype="object")
    links = {"Text": pd.Series([r[2] for r in rows], dtype="object")}
    table = table_of(frame, links=links, marked=[r[3] for r in rows])
    assert fast_body(table, "../") == plain_body(table, "../")


@settings(max_examples=15, deadline=None)
@given(ROWS)
def test_any_table_renders_the_same_bytes_as_the_plain_template(rows):
    check_same_bytes(rows)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(max_examples=400, deadline=None)
@given(ROWS)
def test_any_table_renders_the_same_bytes_as_the_plain_template_at_length(rows):
    check_same_bytes(rows)


def test_a_page_written_through_its_descriptor_gets_the_bytes_and_the_umasks_mode(tmp_path):
    target = tmp_path / "index.html"
    atomic.atomic_write(target, b"<p>one</p>", umask=0o077)
    assert target.read_bytes() == b"<p>one</p>"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    os.chmod(target, 0o640)
    atomic.atomic_write(target, b"<p>two</p>", umask=0o077)  # a replaced file keeps its mode
    assert target.read_bytes() == b"<p>two</p>"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]  # no temporary file left
    assert not atomic.LIVE_TEMPS


def test_a_page_that_cannot_be_written_raises_cannot_write_and_leaves_nothing(tmp_path, monkeypatch):
    with pytest.raises(CannotWrite):
        atomic.atomic_write(tmp_path / "missing" / "index.html", b"x")

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", full_disk)
    with pytest.raises(CannotWrite, match="No space left"):
        atomic.atomic_write(tmp_path / "index.html", b"x")
    assert list(tmp_path.iterdir()) == [] and not atomic.LIVE_TEMPS


def test_the_site_writer_reads_the_umask_once(tmp_path, monkeypatch):
    from pipeline.publish import site

    calls = []
    monkeypatch.setattr(site, "current_umask", lambda: calls.append(1) or 0o022)
    files = {f"p/{i}.html": f"<p>{i}</p>".encode() for i in range(5)}
    site.write_site(tmp_path / "site", files)
    assert len(calls) == 1
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "site" / "p").iterdir()} == {
        f"{i}.html": 0o644 for i in range(5)
    }
    assert (tmp_path / "site" / "p" / "3.html").read_bytes() == b"<p>3</p>"


def test_macros_keep_the_plain_template_apart_from_the_table_body():
    """The site's macro differs from the plain one only in how the body rows are made."""
    text = environment().loader.get_source(environment(), "macros.html")[0]  # type: ignore[union-attr]
    assert "{{ t.body(root) }}" in text
    assert PLAIN_TABLE.split("<tbody>")[0] in text  # the head of the table is the same template
