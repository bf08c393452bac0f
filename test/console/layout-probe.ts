// What the layout test measures inside the page. A plain script (given to page.evaluate as text):
// the test runner's transform would wrap named functions in a helper the page does not have.

/** The page's answer to PROBE. */
export interface LayoutReport {
  readonly view: { readonly w: number; readonly h: number };
  readonly scroll: { readonly w: number; readonly h: number };
  /** Every channel strip: cut off by the strips' scroll box on the left or the right. */
  readonly strips: readonly { readonly label: string; readonly left: boolean; readonly right: boolean }[];
  /** The hidden-strips badges: their count, whether they are the topmost thing at their centre, and their box. */
  readonly more: Record<'left' | 'right', { readonly count: number; readonly onTop: boolean; readonly box: Box } | null>;
  /** Labels and menus whose text does not fit (ellipsis or clipped), under the probed regions. */
  readonly truncated: readonly string[];
  /** Labels that were measured (so a probe that finds nothing cannot pass unnoticed). */
  readonly measured: number;
  /** Regions wider than their box (content cut off or scrolled sideways). */
  readonly overflowing: readonly string[];
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Labels that must show whole even without an ellipsis style. */
const LABELS = [
  '.param-label',
  '.strip-name',
  '.strip-title',
  '.strip-kind',
  '.row-name',
  '.enum span',
  '.lane-name',
  '.lane-caption',
  '.lane-vol',
  '.song-end',
  '.ruler-caption',
  '.clip-grid th',
  '.mixer-bar .selection',
];

/**
 * Measures, under the regions given as CSS selectors: every element styled with an ellipsis or
 * listed in LABELS whose text is wider than its box, and every menu whose chosen option's text
 * (measured in its own font) is wider than the menu less its arrow. Also the channel strips
 * against their scroll box and the badges that say how many are hidden.
 */
export function probe(regions: readonly string[]): string {
  return `(() => {
    const regions = ${JSON.stringify(regions)};
    const labels = ${JSON.stringify(LABELS)};
    const ARROW = 18;
    const shown = (e) => e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }) && e.getClientRects().length > 0;
    const name = (e) => (e.getAttribute('aria-label') || e.textContent || e.className || e.tagName).trim().slice(0, 40);
    const truncated = [];
    let measured = 0;
    const ctx = document.createElement('canvas').getContext('2d');
    for (const r of regions) {
      for (const root of document.querySelectorAll(r)) {
        for (const e of root.querySelectorAll('*')) {
          if (!shown(e)) continue;
          const cs = getComputedStyle(e);
          if (e.tagName === 'SELECT') {
            const text = e.selectedOptions[0]?.textContent ?? '';
            ctx.font = cs.font;
            const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - ARROW;
            measured++;
            if (ctx.measureText(text).width > room) truncated.push('menu ' + name(e) + ': "' + text + '" in ' + room.toFixed(0) + ' px');
            continue;
          }
          const listed = labels.some((s) => e.matches(s));
          if (!listed && cs.textOverflow !== 'ellipsis') continue;
          measured++;
          if (e.scrollWidth > e.clientWidth + 1) truncated.push(name(e) + ' (' + e.scrollWidth + ' > ' + e.clientWidth + ' px)');
        }
      }
    }
    const overflowing = [];
    for (const r of regions)
      for (const e of document.querySelectorAll(r)) if (shown(e) && e.scrollWidth > e.clientWidth + 1) overflowing.push(r);
    const box = document.querySelector('.strips');
    const strips = [];
    if (box !== null) {
      const b = box.getBoundingClientRect();
      for (const s of box.querySelectorAll(':scope > .strip')) {
        const r = s.getBoundingClientRect();
        strips.push({ label: s.getAttribute('aria-label'), left: r.left < b.left - 0.5, right: r.right > b.right + 0.5 });
      }
    }
    const more = {};
    for (const side of ['left', 'right']) {
      const m = document.querySelector('.strips-more.' + side);
      if (m === null || !shown(m)) { more[side] = null; continue; }
      const r = m.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      more[side] = { count: Number(m.dataset.count), onTop: top !== null && m.contains(top), box: { x: r.left, y: r.top, w: r.width, h: r.height } };
    }
    return {
      view: { w: innerWidth, h: innerHeight },
      scroll: { w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight },
      strips, more, truncated, measured, overflowing,
    };
  })()`;
}
