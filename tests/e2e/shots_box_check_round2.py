"""Screenshots of Box check, round 2 (issue 22): Meng's Automa cards by location, the morning income by day, a die
face typed out of range and refused, the part selector keeping its place after "My box agrees" and "Back to
default"; phone 390x844 and laptop 1280x900, in de/nl/en. Run as a script; pictures go to argv[1]."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.e2e.harness import each_set, served
from tests.e2e.shots_ui_shell import LOCALES, go, shot
from tests.e2e.test_browser import Server, wait_for_app


def pick(page, label_part: str) -> None:
    box = page.locator(".st-key-box_fact_gugong input")
    box.click()
    box.fill(label_part)  # the list is long: typed, it shows the part asked for
    page.get_by_role("option").filter(has_text=label_part).first.click()
    wait_for_app(page)


def chosen(page) -> str:
    return page.locator(".st-key-box_fact_gugong input").get_attribute("aria-label") or \
        page.locator(".st-key-box_fact_gugong").inner_text()


def screens(browser, server: Server, out: Path, lang: str, device: str, viewport: dict, names: dict) -> None:
    page = browser.new_context(viewport=viewport, locale=LOCALES[lang]).new_page()
    go(page, server, "box-check")
    page.locator(".st-key-box_only_open label").click()  # every fact, the checked ones too
    wait_for_app(page)
    pick(page, names["automa"])
    shot(page, out, f"{lang}-{device}-01-automa-by-location")
    pick(page, names["income"])
    shot(page, out, f"{lang}-{device}-02-income-by-day")
    pick(page, names["dice"])
    field = page.locator(".st-key-boxf_gugong_dice_faces_5 input")
    field.fill("10")
    field.press("Enter")
    wait_for_app(page)
    page.locator(".st-key-box_save_gugong_dice_faces button:visible").first.click()
    wait_for_app(page)
    shot(page, out, f"{lang}-{device}-03-face-10-refused")
    page.locator(".st-key-box_agree_gugong_dice_faces button:visible").first.click()
    wait_for_app(page)
    after_agree = page.locator(".st-key-box_fact_gugong").inner_text()
    page.locator(".st-key-box_reset_gugong_dice_faces button:visible").first.click()
    wait_for_app(page)
    after_reset = page.locator(".st-key-box_fact_gugong").inner_text()
    shot(page, out, f"{lang}-{device}-04-after-back-to-default")
    print(lang, device, "after agree:", after_agree.replace("\n", " "), "| after reset:",
          after_reset.replace("\n", " "))
    page.context.close()


NAMES = {"en": {"automa": "how many per location", "income": "morning", "dice": "Faces of the fate"},
         "de": {"automa": "wie viele je Ort", "income": "am Morgen", "dice": "Seiten der Schicksalswürfel"},
         "nl": {"automa": "hoeveel per locatie", "income": "ochtend", "dice": "Zijden van de Lotdobbelstenen"}}


def run(out: Path, langs: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        each_set(langs, lambda lang, device, size: screens(browser, server, out, lang, device, size, NAMES[lang]))


if __name__ == "__main__":
    run(Path(sys.argv[1]), sys.argv[2:] or ["de", "nl", "en"])
