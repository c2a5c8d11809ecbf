"""A filled score sheet for a tracked game, and its printable game log.

Generic over any engine: the sheet prints a companion.core.scoring.ScoreSheet (rows with codes,
values per player, totals, eligibility, ranking, winners, tie-break, notes) and the log prints the
Session's actions and events. Codes become words through companion.i18n.labels, so a step reads as
it does in the app (player names, card values, the rulebooks' terms); a value from an unverified
box-profile fact carries the game's placeholder mark, explained by a legend line. The QR code
carries the game's resume link with its token (companion.core.codec.to_token), so scanning the
sheet reopens the game.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import white
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Spacer, Table, TableStyle

from companion.core import codec, registry
from companion.core.game import apply
from companion.core.scoring import ScoreSheet
from companion.core.session import Session
from companion.i18n import labels

from . import chrome, fonts, layout, qr, templates
from .layout import GREY, INK, RULE
from .text import esc, safe, tr

SHEET_HEADER_H = 27 * mm
DEFAULT_ACCENT = {"title": "", "accent": "#44403c", "game": ""}


def _tpl_for(game: str) -> dict[str, Any]:
    """The template for title and colour: the game's own, else that of a game on the same box ("gugong-solo")."""
    box = registry.manifest(game).box
    offered = templates.games()
    for name in (game, *(m.name for m in registry.manifests() if m.box == box)):
        if name in offered:
            return templates.load(name)
    return {**DEFAULT_ACCENT, "title": game, "game": game}  # a game without printables (the toy game in tests)


def _title(tpl: dict[str, Any], lang: str) -> str:
    return tr(tpl["title"], lang) if tpl["title"].startswith("pdf.") else tpl["title"]


def resume_payload(session: Session, base_url: str = qr.DEFAULT_BASE_URL) -> str:
    """What the sheet's QR code holds: the resume link (or the bare token when base_url is empty)."""
    token = codec.to_token(session)
    return qr.resume_url(base_url, token) if base_url else token


def _styles(accent) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("b", fontName=fonts.REGULAR, fontSize=8.5, leading=10.5, textColor=INK)
    return {
        "p": base,
        "small": ParagraphStyle("s", parent=base, fontSize=6.6, leading=8, textColor=INK),
        "grey": ParagraphStyle("g", parent=base, fontSize=6.6, leading=8, textColor=GREY),
        "h": ParagraphStyle("h", parent=base, fontName=fonts.BOLD, fontSize=11, leading=14, textColor=accent,
                            spaceBefore=6, spaceAfter=4),
        "cell": ParagraphStyle("c", parent=base, fontSize=8, leading=9.6),
        "cellb": ParagraphStyle("cb", parent=base, fontName=fonts.BOLD, fontSize=8, leading=9.6),
        "num": ParagraphStyle("n", parent=base, fontSize=9, leading=11, alignment=TA_RIGHT),
        "numb": ParagraphStyle("nb", parent=base, fontName=fonts.BOLD, fontSize=10, leading=12, alignment=TA_RIGHT),
        "head": ParagraphStyle("hd", parent=base, fontName=fonts.BOLD, fontSize=8.5, leading=10, alignment=TA_CENTER,
                               textColor=white),
    }


def score_table(sheet: ScoreSheet, lang: str, width: float, accent,
                setup: dict[str, Any] | None = None) -> list[Flowable]:
    """The sheet as flowables: the category table, then winner, tie-break and notes.

    Values computed from an unverified fact of the game's box profile (`setup`) carry the mark."""
    st = _styles(accent)
    marked = labels.placeholder_cells(sheet.game, sheet, setup)
    out: list[Flowable] = [_category_table(sheet, lang, width, accent, st, marked), Spacer(1, 3 * mm)]
    if marked:
        out += [Paragraph(esc(labels.placeholder_legend_text(sheet.game, lang)), st["grey"]), Spacer(1, 2 * mm)]
    return out + _outcome(sheet, lang, st)


def _category_table(sheet: ScoreSheet, lang: str, width: float, accent, st: dict[str, ParagraphStyle],
                    marked: set[tuple[int, int]]) -> Table:
    """A column per player (winners starred): the score rows, the total, who can win, the rank."""
    n = len(sheet.players)
    label_w = max(width * 0.34, width - n * 30 * mm)
    col_w = (width - label_w) / max(n, 1)
    heads = [Paragraph(esc(tr("pdf.pad.player", lang)), st["head"])]
    heads += [Paragraph(esc(("★ " if i in sheet.winners else "") + safe(name)), st["head"])
              for i, name in enumerate(sheet.players)]
    data: list[list[Any]] = [heads]
    mark = labels.placeholder_mark(sheet.game)
    for r, row in enumerate(sheet.rows):
        label = labels.row_label(sheet.game, row.code, lang, **row.params)
        values = [labels.number(v) + (mark if (r, i) in marked else "") for i, v in enumerate(row.values)]
        data.append([Paragraph(esc(label), st["cell"])] + [Paragraph(esc(v), st["num"]) for v in values])
    summed = labels.placeholder_totals(sheet, marked)  # a total adding up a marked value rests on its fact too
    data.append([Paragraph(esc(tr("pdf.pad.total", lang)), st["cellb"])]
                + [Paragraph(esc(labels.number(v) + (mark if i in summed else "")), st["numb"])
                   for i, v in enumerate(sheet.totals)])
    total_row = len(data) - 1
    if not all(sheet.eligible):
        data.append([Paragraph(esc(tr("pdf.sheet.eligible", lang)), st["cell"])]
                    + [Paragraph(esc(tr("pdf.sheet.yes" if e else "pdf.sheet.no", lang)), st["num"])
                       for e in sheet.eligible])
    ranks = {p: r + 1 for r, p in enumerate(sheet.ranking)}
    data.append([Paragraph(esc(tr("pdf.sheet.rank", lang)), st["cell"])]
                + [Paragraph(str(ranks.get(i, "–")), st["num"]) for i in range(n)])
    table = Table(data, colWidths=[label_w] + [col_w] * n, repeatRows=1)
    style = [
        ("BACKGROUND", (0, 0), (-1, 0), accent),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("BACKGROUND", (0, total_row), (-1, total_row), layout.tint(accent, 0.82)),
        ("LINEABOVE", (0, total_row), (-1, total_row), 0.9, INK),
        ("LINEBELOW", (0, total_row), (-1, total_row), 0.9, INK),
    ]
    style += [("BACKGROUND", (i + 1, 1), (i + 1, total_row - 1), layout.tint(accent, 0.93)) for i in sheet.winners]
    table.setStyle(TableStyle(style))
    return table


def _outcome(sheet: ScoreSheet, lang: str, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """Winner (or nobody), how a tie for first was broken, and the engine's notes."""
    out: list[Flowable] = []
    if sheet.winners:
        names = tr("pdf.sheet.and", lang).join(safe(sheet.players[i]) for i in labels.top_players(sheet))
        key = "pdf.sheet.winner" if sheet.final else "pdf.sheet.leading"  # a running game has no winner yet
        out.append(Paragraph(f"<b>{esc(tr(key, lang, names=names))}</b>", st["p"]))
    else:
        out.append(Paragraph(f"<b>{esc(tr('pdf.sheet.no_winner', lang))}</b>", st["p"]))
    if sheet.tiebreak:
        code = sheet.tiebreak.get("code", "")
        if code == "shared_victory":
            text = tr("pdf.sheet.shared", lang)
        else:
            text = tr("pdf.sheet.tiebreak", lang, code=labels.tiebreak_text(sheet.game, sheet.tiebreak, lang,
                                                                          sheet.players))
        out.append(Paragraph(esc(text), st["p"]))
    if sheet.notes:
        out.append(Paragraph(esc(tr("pdf.sheet.notes", lang)), st["h"]))
        for note in sheet.notes:
            text = labels.note_text(sheet.game, note, lang, sheet.players, final=sheet.final)
            out.append(Paragraph(esc(text), st["small"], bulletText="•"))
    return out


def log_flowables(session: Session, names: list[str], lang: str, width: float, accent) -> list[Flowable]:
    """One row per action: who decided, what the decision and action were, and the events it caused."""
    st = _styles(accent)
    game = session.game
    state = game.initial_state(session.setup)
    rows: list[list[Any]] = [[Paragraph(esc(tr(k, lang)), st["head"]) for k in ("pdf.log.step", "pdf.log.who",
                                                                             "pdf.log.what")]]
    shade: list[tuple] = []
    for i, action in enumerate(session.log):
        decision = game.decision(state)
        if decision is None or decision.is_chance:
            who = tr("pdf.log.table", lang)
        elif 0 <= decision.player < len(names):
            who = safe(names[decision.player])
        else:
            who = tr("pdf.log.player", lang, n=decision.player + 1)
        # words from the state the step was decided in (the tile in that city, the card at that official)
        describe = labels.describer(game.name, session.setup, game.to_json(state), lang)
        kind = labels.kind_label(decision.kind, lang, decision.params, names, describe) if decision else ""
        done = labels.action_text(game.name, action, lang, names, describe, decision)
        state, events = apply(game, state, action)
        event_texts = [labels.event_text(e, lang, names, describe) for e in events]
        what = f"<b>{esc(kind)}</b> {esc(done)}"
        # one table row per event, so a step with many events can still break across pages
        first = len(rows)
        rows.append([Paragraph(str(i + 1), st["small"]), Paragraph(esc(who), st["small"]),
                     Paragraph(what, st["small"])])
        rows.extend(["", "", Paragraph("→ " + esc(t), st["small"])] for t in event_texts)
        if i % 2:
            shade.append(("BACKGROUND", (0, first), (-1, len(rows) - 1), layout.PALE))
        shade.append(("LINEABOVE", (0, first), (-1, first), 0.25, RULE))
    table = Table(rows, colWidths=[10 * mm, 30 * mm, width - 40 * mm], repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), accent),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
        ("FONTSIZE", (0, 0), (-1, -1), 6.6),
        ("LEADING", (0, 0), (-1, -1), 8),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
        *shade,
    ]))
    return [table]


def build_sheet(session: Session, lang: str = "en", paper: str = "a4", base_url: str = qr.DEFAULT_BASE_URL,
                with_log: bool = True) -> bytes:
    """Page 1: the filled score sheet with the resume QR; then the game log (optional)."""
    game = session.game
    sheet = game.score(session.state)
    tpl = _tpl_for(game.name)
    payload = resume_payload(session, base_url)
    return _render(session, sheet, tpl, lang, paper, payload, with_log)


def build_log(session: Session, lang: str = "en", paper: str = "a4", base_url: str = qr.DEFAULT_BASE_URL) -> bytes:
    """The game log alone (the sheet's first page still heads it, so the QR code travels with it)."""
    return build_sheet(session, lang, paper, base_url, with_log=True)


def _render(session: Session, sheet: ScoreSheet, tpl: dict[str, Any], lang: str, paper: str, payload: str,
            with_log: bool) -> bytes:
    """One pass: each page's "of N" is drawn once N is known (chrome.total_pages)."""
    title = f"{_title(tpl, lang)} – {tr('pdf.kind.sheet', lang)}"
    status = tr("pdf.sheet.final" if sheet.final else "pdf.sheet.provisional", lang)
    doc = layout.new_doc(paper, title, status, lang)
    accent = chrome.accent(tpl)
    width = doc.safe_w
    try:
        qr.matrix(payload)
        qr_data: str | None = payload
    except ValueError:  # an exceptionally long game: the save file is the way to resume it
        qr_data = None
    top = chrome.header(doc, tpl, lang, "pdf.kind.sheet", status, qr_data, tr("pdf.sheet.resume", lang),
                        height=SHEET_HEADER_H) - 6 * mm
    st = _styles(accent)
    story: list[Flowable] = [
        Paragraph(esc(tr("pdf.sheet.actions", lang, count=len(session.log))), st["grey"]),
        Spacer(1, 2 * mm),
        *score_table(sheet, lang, width, accent, session.setup),
    ]
    if with_log and session.log:
        story += [CondPageBreak(40 * mm), Paragraph(esc(tr("pdf.kind.log", lang)), st["h"])]
        legend = labels.placeholder_legend(session.game.name, session.setup, lang)
        if legend:  # the log shows values (card values...) the box profile has not verified
            story += [Paragraph(esc(legend), st["grey"]), Spacer(1, 1.5 * mm)]
        story += log_flowables(session, sheet.players, lang, width, accent)
    pages = layout.paginate(doc, story, top, lambda n: chrome.footer(doc, lang, "pdf.kind.sheet", page=n, pages=None),
                            f"{_title(tpl, lang)} · {tr('pdf.kind.log', lang)}", accent)
    chrome.total_pages(doc, pages)
    return doc.finish()
