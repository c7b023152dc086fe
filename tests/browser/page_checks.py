"""What a browser measures of a mail or page: widths, images, contrast, the text shown."""

from __future__ import annotations

LAYOUT = """() => {
  const card = document.querySelector('.pb-card') || document.body;
  let widest = 0, what = '';
  for (const el of [card, ...card.querySelectorAll('*')]) {
    const width = el.getBoundingClientRect().width;
    if (width > widest) { widest = width; what = el.tagName + ' ' + (el.textContent || '').trim().slice(0, 60); }
  }
  return {
    scroll: document.documentElement.scrollWidth,
    widest: widest,
    what: what,
    images: [...document.images].map(i => ({src: i.src.slice(0, 40), ok: i.complete && i.naturalWidth > 0, width: i.getBoundingClientRect().width})),
    text: document.body.innerText,
  };
}"""

# the lowest WCAG contrast of any text against the background it is drawn on
CONTRAST = """() => {
  const rgb = s => s.match(/[\\d.]+/g).map(Number);
  const channel = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const background = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0.5) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  let worst = 99, what = '';
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.pb-keep')) continue;  // the seat colour dots: a colour, not text
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const style = getComputedStyle(el);
    const a = luminance(rgb(style.color)), b = luminance(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < worst) { worst = ratio; what = el.tagName + ' "' + el.textContent.trim().slice(0, 40) + '" ' + style.color; }
  }
  return {worst: worst, what: what};
}"""

PHONE = {"width": 390, "height": 844}
COLUMN = 360  # nothing wider on a 390-pixel phone
CONTRAST_MIN = 4.5


def check_layout(page) -> dict:
    """The page at phone width: nothing scrolls sideways, nothing is wider than the column."""
    layout = page.evaluate(LAYOUT)
    assert layout["scroll"] <= PHONE["width"], layout["what"]
    assert layout["widest"] <= COLUMN + 0.5, (layout["widest"], layout["what"])
    return layout


def check_contrast(page) -> None:
    result = page.evaluate(CONTRAST)
    assert result["worst"] >= CONTRAST_MIN, result


def screenshot(page, path) -> None:
    """Save a full-page picture; a capture Chromium refuses under load is tried again."""
    from playwright.sync_api import Error

    for attempt in range(3):
        try:
            page.screenshot(path=path, full_page=True)
            return
        except Error as error:
            if "Unable to capture screenshot" not in str(error) or attempt == 2:
                raise
            page.wait_for_timeout(1000)
