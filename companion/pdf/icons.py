"""Our own vector icons (no publisher art): simple shapes that read well at 4-8 mm.

Each icon is drawn centred on (cx, cy) within a square of side s. Templates name icons by key;
`draw` ignores unknown keys so a template typo shows as a missing icon, never as a crash.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

JADE = HexColor("#2e8b57")
GOLD = HexColor("#c9a227")
SILVER = HexColor("#9ea7ad")
RED = HexColor("#b8312f")
BROWN = HexColor("#8b5a2b")
BLUE = HexColor("#2f6690")
DARK = HexColor("#2b2b2b")

Icon = Callable[[Canvas, float, float, float, Color], None]
_ICONS: dict[str, Icon] = {}


def icon(name: str) -> Callable[[Icon], Icon]:
    def deco(fn: Icon) -> Icon:
        _ICONS[name] = fn
        return fn

    return deco


def names() -> list[str]:
    return sorted(_ICONS)


def draw(c: Canvas, name: str | None, cx: float, cy: float, s: float, ink: Color = DARK) -> None:
    fn = _ICONS.get(name or "")
    if fn is None:
        return
    c.saveState()
    c.setLineJoin(1)
    c.setLineCap(1)
    fn(c, cx, cy, s, ink)
    c.restoreState()


def _poly(c: Canvas, pts: list[tuple[float, float]], stroke: Color | None, fill: Color | None, width: float = 0.6):
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    if fill is not None:
        c.setFillColor(fill)
    c.drawPath(p, stroke=1 if stroke is not None else 0, fill=1 if fill is not None else 0)


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        a = math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


@icon("vp")
def _vp(c, cx, cy, s, ink):  # victory point: a star in a laurel-less medal
    c.setFillColor(GOLD)
    c.circle(cx, cy, s * 0.46, stroke=0, fill=1)
    _poly(c, _star(cx, cy - s * 0.02, s * 0.33), None, white)


@icon("servant")
def _servant(c, cx, cy, s, ink):  # a wooden cube in isometric view
    r = s * 0.42
    top = [(cx, cy + r), (cx + r * 0.87, cy + r * 0.5), (cx, cy), (cx - r * 0.87, cy + r * 0.5)]
    left = [(cx - r * 0.87, cy + r * 0.5), (cx, cy), (cx, cy - r), (cx - r * 0.87, cy - r * 0.5)]
    right = [(cx + r * 0.87, cy + r * 0.5), (cx, cy), (cx, cy - r), (cx + r * 0.87, cy - r * 0.5)]
    _poly(c, top, ink, HexColor("#d9b98a"), 0.4)
    _poly(c, left, ink, HexColor("#b8925e"), 0.4)
    _poly(c, right, ink, HexColor("#9c7747"), 0.4)


@icon("jade")
def _jade(c, cx, cy, s, ink):  # a cut gem
    r = s * 0.45
    pts = [(cx + r * math.cos(math.pi / 6 + i * math.pi / 3), cy + r * math.sin(math.pi / 6 + i * math.pi / 3))
           for i in range(6)]
    _poly(c, pts, HexColor("#1f5e3b"), JADE, 0.5)
    inner = [(cx + r * 0.5 * math.cos(math.pi / 6 + i * math.pi / 3),
              cy + r * 0.5 * math.sin(math.pi / 6 + i * math.pi / 3)) for i in range(6)]
    _poly(c, inner, None, HexColor("#7cc49a"))


@icon("palace")
def _palace(c, cx, cy, s, ink):  # a hall with a curved roof
    w = s * 0.9
    c.setFillColor(RED)
    c.rect(cx - w * 0.32, cy - s * 0.42, w * 0.64, s * 0.42, stroke=0, fill=1)
    c.setFillColor(white)
    c.rect(cx - w * 0.08, cy - s * 0.42, w * 0.16, s * 0.24, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(cx - w / 2, cy + s * 0.02)
    p.curveTo(cx - w * 0.3, cy + s * 0.05, cx - w * 0.15, cy + s * 0.25, cx, cy + s * 0.42)
    p.curveTo(cx + w * 0.15, cy + s * 0.25, cx + w * 0.3, cy + s * 0.05, cx + w / 2, cy + s * 0.02)
    p.close()
    c.setFillColor(ink)
    c.drawPath(p, stroke=0, fill=1)


@icon("wall")
def _wall(c, cx, cy, s, ink):  # crenellated wall
    w, h = s * 0.9, s * 0.6
    x0, y0 = cx - w / 2, cy - h / 2
    pts = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h)]
    merlons = 4
    step = w / (merlons * 2 - 1)
    for i in range(merlons * 2 - 1, -1, -1):
        x = x0 + i * step
        top = y0 + h if i % 2 == 0 else y0 + h * 0.72
        pts += [(x + step, top), (x, top)]
    _poly(c, pts, ink, HexColor("#c7b299"), 0.5)
    c.setStrokeColor(ink)
    c.setLineWidth(0.3)
    c.line(x0, y0 + h * 0.36, x0 + w, y0 + h * 0.36)


@icon("decree")
def _decree(c, cx, cy, s, ink):  # a scroll
    w, h = s * 0.62, s * 0.8
    c.setFillColor(HexColor("#f2e3c2"))
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    c.rect(cx - w / 2, cy - h / 2, w, h, stroke=1, fill=1)
    c.setFillColor(BROWN)
    c.roundRect(cx - w / 2 - s * 0.06, cy + h / 2 - s * 0.06, w + s * 0.12, s * 0.12, s * 0.05, stroke=0, fill=1)
    c.roundRect(cx - w / 2 - s * 0.06, cy - h / 2 - s * 0.06, w + s * 0.12, s * 0.12, s * 0.05, stroke=0, fill=1)
    c.setLineWidth(0.35)
    for i in range(3):
        y = cy + h * 0.22 - i * h * 0.2
        c.line(cx - w * 0.3, y, cx + w * 0.3, y)


@icon("intrigue")
def _intrigue(c, cx, cy, s, ink):  # a watching eye
    w = s * 0.9
    p = c.beginPath()
    p.moveTo(cx - w / 2, cy)
    p.curveTo(cx - w / 4, cy + s * 0.34, cx + w / 4, cy + s * 0.34, cx + w / 2, cy)
    p.curveTo(cx + w / 4, cy - s * 0.34, cx - w / 4, cy - s * 0.34, cx - w / 2, cy)
    c.setFillColor(white)
    c.setStrokeColor(ink)
    c.setLineWidth(0.6)
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(HexColor("#5b3a7a"))
    c.circle(cx, cy, s * 0.16, stroke=0, fill=1)
    c.setFillColor(ink)
    c.circle(cx, cy, s * 0.07, stroke=0, fill=1)


@icon("boat")
def _boat(c, cx, cy, s, ink):  # a junk on water
    w = s * 0.9
    _poly(c, [(cx - w / 2, cy - s * 0.05), (cx + w / 2, cy - s * 0.05), (cx + w * 0.35, cy - s * 0.3),
              (cx - w * 0.35, cy - s * 0.3)], None, BROWN)
    _poly(c, [(cx - s * 0.02, cy - s * 0.02), (cx - s * 0.02, cy + s * 0.45), (cx - w * 0.38, cy + s * 0.05)],
          None, HexColor("#d8c3a5"))
    _poly(c, [(cx + s * 0.04, cy - s * 0.02), (cx + s * 0.04, cy + s * 0.36), (cx + w * 0.32, cy + s * 0.05)],
          None, HexColor("#d8c3a5"))
    c.setStrokeColor(BLUE)
    c.setLineWidth(0.5)
    c.line(cx - w / 2, cy - s * 0.4, cx + w / 2, cy - s * 0.4)


@icon("travel")
def _travel(c, cx, cy, s, ink):  # a map pin
    r = s * 0.26
    p = c.beginPath()
    p.moveTo(cx, cy - s * 0.45)
    p.curveTo(cx - r * 1.6, cy, cx - r * 1.2, cy + r * 1.7, cx, cy + r * 1.7)
    p.curveTo(cx + r * 1.2, cy + r * 1.7, cx + r * 1.6, cy, cx, cy - s * 0.45)
    c.setFillColor(RED)
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColor(white)
    c.circle(cx, cy + r * 0.75, r * 0.5, stroke=0, fill=1)


@icon("card")
def _card(c, cx, cy, s, ink):  # a gift card with a value corner
    w, h = s * 0.6, s * 0.86
    c.setFillColor(HexColor("#fbf6e9"))
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    c.roundRect(cx - w / 2, cy - h / 2, w, h, s * 0.06, stroke=1, fill=1)
    c.setFillColor(RED)
    c.circle(cx - w / 2 + s * 0.13, cy + h / 2 - s * 0.13, s * 0.09, stroke=0, fill=1)


@icon("coin")
def _coin(c, cx, cy, s, ink):  # a cash coin with a square hole
    c.setFillColor(GOLD)
    c.setStrokeColor(HexColor("#8a6d12"))
    c.setLineWidth(0.5)
    c.circle(cx, cy, s * 0.42, stroke=1, fill=1)
    c.setFillColor(white)
    c.rect(cx - s * 0.1, cy - s * 0.1, s * 0.2, s * 0.2, stroke=0, fill=1)


@icon("copper")
def _copper(c, cx, cy, s, ink):
    c.setFillColor(HexColor("#b87333"))
    c.circle(cx, cy, s * 0.42, stroke=0, fill=1)
    c.setFillColor(white)
    c.rect(cx - s * 0.1, cy - s * 0.1, s * 0.2, s * 0.2, stroke=0, fill=1)


@icon("silver")
def _silver(c, cx, cy, s, ink):  # a sycee ingot
    w = s * 0.9
    p = c.beginPath()
    p.moveTo(cx - w / 2, cy + s * 0.15)
    p.curveTo(cx - w * 0.3, cy - s * 0.05, cx + w * 0.3, cy - s * 0.05, cx + w / 2, cy + s * 0.15)
    p.lineTo(cx + w * 0.32, cy - s * 0.3)
    p.lineTo(cx - w * 0.32, cy - s * 0.3)
    p.close()
    c.setFillColor(SILVER)
    c.setStrokeColor(HexColor("#5f6b73"))
    c.setLineWidth(0.5)
    c.drawPath(p, stroke=1, fill=1)
    c.setFillColor(HexColor("#c9d0d4"))
    c.ellipse(cx - w * 0.16, cy - s * 0.02, cx + w * 0.16, cy + s * 0.3, stroke=1, fill=1)


@icon("rice")
def _rice(c, cx, cy, s, ink):  # a tied sack
    p = c.beginPath()
    p.moveTo(cx - s * 0.12, cy + s * 0.25)
    p.curveTo(cx - s * 0.5, cy + s * 0.1, cx - s * 0.45, cy - s * 0.45, cx, cy - s * 0.42)
    p.curveTo(cx + s * 0.45, cy - s * 0.45, cx + s * 0.5, cy + s * 0.1, cx + s * 0.12, cy + s * 0.25)
    p.close()
    c.setFillColor(HexColor("#d9c48f"))
    c.setStrokeColor(BROWN)
    c.setLineWidth(0.5)
    c.drawPath(p, stroke=1, fill=1)
    _poly(c, [(cx - s * 0.12, cy + s * 0.25), (cx - s * 0.2, cy + s * 0.42), (cx + s * 0.2, cy + s * 0.42),
              (cx + s * 0.12, cy + s * 0.25)], BROWN, HexColor("#d9c48f"), 0.5)


@icon("rocket")
def _rocket(c, cx, cy, s, ink):  # a firework burst
    c.setStrokeColor(RED)
    c.setLineWidth(0.7)
    for i in range(8):
        a = i * math.pi / 4
        c.line(cx + math.cos(a) * s * 0.14, cy + math.sin(a) * s * 0.14,
               cx + math.cos(a) * s * 0.44, cy + math.sin(a) * s * 0.44)
    c.setFillColor(GOLD)
    c.circle(cx, cy, s * 0.12, stroke=0, fill=1)


@icon("dragon")
def _dragon(c, cx, cy, s, ink):  # a privilege disc with a stylised dragon wave
    c.setFillColor(RED)
    c.circle(cx, cy, s * 0.44, stroke=0, fill=1)
    c.setStrokeColor(GOLD)
    c.setLineWidth(s * 0.08)
    p = c.beginPath()
    p.moveTo(cx - s * 0.28, cy - s * 0.1)
    p.curveTo(cx - s * 0.14, cy + s * 0.22, cx, cy - s * 0.22, cx + s * 0.12, cy + s * 0.08)
    p.curveTo(cx + s * 0.18, cy + s * 0.18, cx + s * 0.26, cy + s * 0.14, cx + s * 0.28, cy + s * 0.06)
    c.drawPath(p, stroke=1, fill=0)


@icon("person")
def _person(c, cx, cy, s, ink):
    c.setFillColor(ink)
    c.circle(cx, cy + s * 0.2, s * 0.16, stroke=0, fill=1)
    p = c.beginPath()
    p.moveTo(cx - s * 0.34, cy - s * 0.42)
    p.curveTo(cx - s * 0.34, cy + s * 0.05, cx + s * 0.34, cy + s * 0.05, cx + s * 0.34, cy - s * 0.42)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


@icon("fan")
def _fan(c, cx, cy, s, ink):  # court lady
    c.setFillColor(HexColor("#e08e45"))
    c.setStrokeColor(ink)
    c.setLineWidth(0.4)
    p = c.beginPath()
    p.moveTo(cx, cy - s * 0.35)
    p.arcTo(cx - s * 0.45, cy - s * 0.8, cx + s * 0.45, cy + s * 0.1 + s * 0.35, 30, 120)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    for a in (45, 70, 90, 110, 135):
        r = math.radians(a)
        c.line(cx, cy - s * 0.35, cx + math.cos(r) * s * 0.6, cy - s * 0.35 + math.sin(r) * s * 0.6)


@icon("book")
def _book(c, cx, cy, s, ink):
    c.setFillColor(white)
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    for sx in (-1, 1):
        _poly(c, [(cx, cy - s * 0.3), (cx + sx * s * 0.42, cy - s * 0.22), (cx + sx * s * 0.42, cy + s * 0.32),
                  (cx, cy + s * 0.24)], ink, HexColor("#eef0f5"), 0.5)


@icon("helmet")
def _helmet(c, cx, cy, s, ink):
    p = c.beginPath()
    p.moveTo(cx - s * 0.4, cy - s * 0.2)
    p.curveTo(cx - s * 0.4, cy + s * 0.4, cx + s * 0.4, cy + s * 0.4, cx + s * 0.4, cy - s * 0.2)
    p.close()
    c.setFillColor(RED)
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColor(GOLD)
    c.rect(cx - s * 0.45, cy - s * 0.3, s * 0.9, s * 0.12, stroke=0, fill=1)
    c.rect(cx - s * 0.03, cy + s * 0.22, s * 0.06, s * 0.2, stroke=0, fill=1)


@icon("event")
def _event(c, cx, cy, s, ink):  # an event tile: a square with a lightning mark
    c.setFillColor(HexColor("#efe3c8"))
    c.setStrokeColor(ink)
    c.setLineWidth(0.5)
    c.rect(cx - s * 0.38, cy - s * 0.38, s * 0.76, s * 0.76, stroke=1, fill=1)
    _poly(c, [(cx + s * 0.06, cy + s * 0.3), (cx - s * 0.16, cy - s * 0.02), (cx, cy - s * 0.02),
              (cx - s * 0.06, cy - s * 0.3), (cx + s * 0.16, cy + s * 0.04), (cx, cy + s * 0.04)], None, RED)


@icon("monk")
def _monk(c, cx, cy, s, ink):  # a seated figure with a halo
    c.setStrokeColor(GOLD)
    c.setLineWidth(0.6)
    c.circle(cx, cy + s * 0.18, s * 0.2, stroke=1, fill=0)
    c.setFillColor(BROWN)
    c.circle(cx, cy + s * 0.18, s * 0.11, stroke=0, fill=1)
    c.ellipse(cx - s * 0.36, cy - s * 0.42, cx + s * 0.36, cy + s * 0.06, stroke=0, fill=1)


@icon("factory")
def _factory(c, cx, cy, s, ink):
    x0, y0, w = cx - s * 0.42, cy - s * 0.38, s * 0.84
    pts = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + s * 0.4)]
    for i in range(3, 0, -1):
        pts += [(x0 + w * i / 3 - w / 3, y0 + s * 0.55), (x0 + w * i / 3 - w / 3, y0 + s * 0.4)]
    pts[-1] = (x0, y0 + s * 0.4)
    _poly(c, pts, ink, HexColor("#8d99ae"), 0.4)
    c.setFillColor(ink)
    c.rect(x0 + w * 0.78, y0 + s * 0.4, s * 0.1, s * 0.38, stroke=0, fill=1)


@icon("ware")
def _ware(c, cx, cy, s, ink):  # a bale tied with string
    c.setFillColor(HexColor("#c8553d"))
    c.setStrokeColor(ink)
    c.setLineWidth(0.4)
    c.rect(cx - s * 0.36, cy - s * 0.3, s * 0.72, s * 0.6, stroke=1, fill=1)
    c.setStrokeColor(HexColor("#f2e3c2"))
    c.setLineWidth(0.8)
    c.line(cx, cy - s * 0.3, cx, cy + s * 0.3)
    c.line(cx - s * 0.36, cy, cx + s * 0.36, cy)


@icon("war")
def _war(c, cx, cy, s, ink):  # crossed spears
    c.setStrokeColor(ink)
    c.setLineWidth(0.8)
    c.line(cx - s * 0.38, cy - s * 0.38, cx + s * 0.38, cy + s * 0.38)
    c.line(cx + s * 0.38, cy - s * 0.38, cx - s * 0.38, cy + s * 0.38)
    for sx in (-1, 1):
        _poly(c, [(cx + sx * s * 0.44, cy + s * 0.44), (cx + sx * s * 0.22, cy + s * 0.36),
                  (cx + sx * s * 0.36, cy + s * 0.22)], None, RED)


@icon("infrastructure")
def _infra(c, cx, cy, s, ink):  # an arched bridge
    c.setStrokeColor(ink)
    c.setLineWidth(0.9)
    c.line(cx - s * 0.45, cy + s * 0.05, cx + s * 0.45, cy + s * 0.05)
    p = c.beginPath()
    p.arc(cx - s * 0.3, cy - s * 0.35, cx + s * 0.3, cy + s * 0.25, 0, 180)
    c.setLineWidth(0.6)
    c.drawPath(p, stroke=1, fill=0)
    for x in (-0.38, 0.38):
        c.line(cx + x * s, cy + s * 0.05, cx + x * s, cy - s * 0.35)
    c.setStrokeColor(BLUE)
    c.line(cx - s * 0.45, cy - s * 0.38, cx + s * 0.45, cy - s * 0.38)


@icon("progress")
def _progress(c, cx, cy, s, ink):  # a disc on a rising step
    _poly(c, [(cx - s * 0.42, cy - s * 0.38), (cx + s * 0.42, cy - s * 0.38), (cx + s * 0.42, cy + s * 0.1),
              (cx + s * 0.1, cy + s * 0.1), (cx + s * 0.1, cy - s * 0.12), (cx - s * 0.42, cy - s * 0.12)],
          None, HexColor("#8d99ae"))
    c.setFillColor(BLUE)
    c.circle(cx + s * 0.26, cy + s * 0.28, s * 0.14, stroke=0, fill=1)


@icon("misfortune")
def _misfortune(c, cx, cy, s, ink):  # a black tile with a crack
    c.setFillColor(DARK)
    c.roundRect(cx - s * 0.36, cy - s * 0.36, s * 0.72, s * 0.72, s * 0.08, stroke=0, fill=1)
    c.setStrokeColor(white)
    c.setLineWidth(0.6)
    p = c.beginPath()
    p.moveTo(cx - s * 0.1, cy + s * 0.36)
    p.lineTo(cx + s * 0.05, cy + s * 0.08)
    p.lineTo(cx - s * 0.08, cy - s * 0.05)
    p.lineTo(cx + s * 0.08, cy - s * 0.36)
    c.drawPath(p, stroke=1, fill=0)


@icon("sun")
def _sun(c, cx, cy, s, ink):
    c.setFillColor(GOLD)
    c.circle(cx, cy, s * 0.2, stroke=0, fill=1)
    c.setStrokeColor(GOLD)
    c.setLineWidth(0.7)
    for i in range(8):
        a = i * math.pi / 4
        c.line(cx + math.cos(a) * s * 0.28, cy + math.sin(a) * s * 0.28,
               cx + math.cos(a) * s * 0.44, cy + math.sin(a) * s * 0.44)


@icon("moon")
def _moon(c, cx, cy, s, ink):
    c.setFillColor(HexColor("#3d405b"))
    c.circle(cx, cy, s * 0.4, stroke=0, fill=1)
    c.setFillColor(white)
    c.circle(cx + s * 0.16, cy + s * 0.1, s * 0.32, stroke=0, fill=1)


@icon("dusk")
def _dusk(c, cx, cy, s, ink):  # a half sun on the horizon
    c.setFillColor(HexColor("#e07a5f"))
    p = c.beginPath()
    p.arc(cx - s * 0.32, cy - s * 0.3, cx + s * 0.32, cy + s * 0.34, 0, 180)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setStrokeColor(ink)
    c.setLineWidth(0.6)
    c.line(cx - s * 0.45, cy + s * 0.02, cx + s * 0.45, cy + s * 0.02)


@icon("automa")
def _automa(c, cx, cy, s, ink):  # Meng's card: a card with a gear-like star
    _card(c, cx, cy, s, ink)
    _poly(c, _star(cx, cy - s * 0.03, s * 0.2, 6, 0.6), None, HexColor("#3d405b"))


@icon("dice")
def _dice(c, cx, cy, s, ink):
    c.setFillColor(white)
    c.setStrokeColor(ink)
    c.setLineWidth(0.6)
    c.roundRect(cx - s * 0.36, cy - s * 0.36, s * 0.72, s * 0.72, s * 0.12, stroke=1, fill=1)
    c.setFillColor(ink)
    for dx, dy in ((-0.18, 0.18), (0, 0), (0.18, -0.18)):
        c.circle(cx + dx * s, cy + dy * s, s * 0.06, stroke=0, fill=1)


@icon("tiebreak")
def _tiebreak(c, cx, cy, s, ink):  # scales
    c.setStrokeColor(ink)
    c.setLineWidth(0.6)
    c.line(cx, cy - s * 0.38, cx, cy + s * 0.3)
    c.line(cx - s * 0.36, cy + s * 0.24, cx + s * 0.36, cy + s * 0.24)
    c.line(cx - s * 0.2, cy - s * 0.38, cx + s * 0.2, cy - s * 0.38)
    for sx in (-1, 1):
        p = c.beginPath()
        p.arc(cx + sx * s * 0.36 - s * 0.14, cy - s * 0.14, cx + sx * s * 0.36 + s * 0.14, cy + s * 0.12, 180, 180)
        p.close()
        c.setFillColor(ink)
        c.drawPath(p, stroke=0, fill=1)


@icon("total")
def _total(c, cx, cy, s, ink):  # sigma
    _poly(c, [(cx + s * 0.3, cy + s * 0.38), (cx - s * 0.3, cy + s * 0.38), (cx + s * 0.02, cy),
              (cx - s * 0.3, cy - s * 0.38), (cx + s * 0.3, cy - s * 0.38)], ink, None, 0.9)


@icon("check")
def _check(c, cx, cy, s, ink):
    c.setStrokeColor(JADE)
    c.setLineWidth(s * 0.12)
    p = c.beginPath()
    p.moveTo(cx - s * 0.32, cy)
    p.lineTo(cx - s * 0.08, cy - s * 0.26)
    p.lineTo(cx + s * 0.34, cy + s * 0.3)
    c.drawPath(p, stroke=1, fill=0)
