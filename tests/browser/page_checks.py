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

# what a reader on a phone must be able to read and tap: no visible text under 14 CSS pixels;
# every command to tap (a chip, a button, a link alone on its line) 44 pixels high at least,
# the height of a fingertip (WCAG 2.5.5, Apple's and Android's guidelines); a link inside a
# sentence is read, not aimed at, and is left out
READING = """() => {
  const small = [], taps = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 14) small.push(size + 'px ' + el.tagName + ' "' + el.textContent.trim().slice(0, 40) + '"');
  }
  for (const el of document.querySelectorAll('a, button')) {
    if (!el.getClientRects().length) continue;
    const alone = el.parentElement.textContent.trim() === el.textContent.trim();
    if (!el.matches('.pb-chip, button') && !alone) continue;
    const height = el.getBoundingClientRect().height;
    if (height < 44) taps.push(Math.round(height) + 'px "' + el.textContent.trim().slice(0, 40) + '"');
  }
  // the words of two cells side by side: a gap between them, or they read as one word
  const touching = [];
  const box = el => { const r = document.createRange(); r.selectNodeContents(el); return r.getBoundingClientRect(); };
  for (const row of document.querySelectorAll('tr')) {
    const cells = [...row.children].filter(c => c.textContent.trim()).map(c => [c, box(c)]);
    for (let i = 1; i < cells.length; i++) {
      const [one, a] = cells[i - 1], [two, b] = cells[i];
      if (b.left - a.right < 6 && a.bottom > b.top && b.bottom > a.top)
        touching.push('"' + one.textContent.trim().slice(0, 20) + '" "' + two.textContent.trim().slice(0, 20) + '"');
    }
  }
  return {small: small, taps: taps, touching: touching};
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


def check_reading(page) -> None:
    """No text too small to read on a phone, no command too small to tap, no two cells of a
    table whose words run together."""
    result = page.evaluate(READING)
    assert not result["small"], result["small"][:5]
    assert not result["taps"], result["taps"][:5]
    assert not result["touching"], result["touching"][:5]


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
