// Mouse and keyboard control of the timeline: wheel zooms at the pointer
// (shift+wheel or a horizontal swipe pans), dragging pans, a click selects;
// W/S zoom and A/D pan for as long as the key is held, animated per frame.

const DRAG_THRESHOLD_PX = 3;
const KEY_ZOOM_PER_MS = 0.0025;   // exp(rate * ms): about 12x per second.
const KEY_PAN_PER_MS = 0.0008;    // Canvas widths per ms.

export function attachTimelineInput(timeline, canvas) {
  let drag = null;      // {x, y, moved}
  let mouseX = null;    // Last pointer x over the canvas (zoom anchor).
  const held = new Set();
  let lastKeyFrame = 0;

  const localX = (e) => e.clientX - canvas.getBoundingClientRect().left;
  const localY = (e) => e.clientY - canvas.getBoundingClientRect().top;

  canvas.addEventListener('wheel', (e) => {
    if (!timeline.hasTrace) return;
    e.preventDefault();
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const dx = e.deltaX * unit, dy = e.deltaY * unit;
    if (e.shiftKey || Math.abs(dx) > Math.abs(dy)) {
      timeline.scale.panPx(e.shiftKey ? dy || dx : dx);
    } else {
      timeline.scale.zoom(Math.exp(dy * 0.0015), timeline.scale.pxToTime(localX(e)));
    }
    timeline.requestDraw();
  }, {passive: false});

  canvas.addEventListener('mousedown', (e) => {
    if (e.button !== 0 || !timeline.hasTrace) return;
    // Shift+drag selects an area (when a module handles it); drag pans.
    const area = e.shiftKey && timeline.areaInput ? timeline.areaInput : null;
    if (area) area.begin(localX(e), localY(e));
    drag = {x: e.clientX, y: e.clientY, moved: false, area};
    e.preventDefault();
  });
  window.addEventListener('mousemove', (e) => {
    if (drag) {
      const dx = e.clientX - drag.x;
      if (!drag.moved && Math.abs(dx) + Math.abs(e.clientY - drag.y) > DRAG_THRESHOLD_PX) {
        drag.moved = true;
        canvas.classList.add('dragging');
      }
      if (drag.area) {
        if (drag.moved) drag.area.move(localX(e), localY(e));
      } else if (drag.moved) {
        timeline.scale.panPx(-dx);
        drag.x = e.clientX;
        drag.y = e.clientY;
      }
    }
    if (e.target === canvas) {
      mouseX = localX(e);
      if (timeline.hasTrace) timeline.setHover(mouseX, localY(e));
    }
  });
  canvas.addEventListener('mouseleave', () => {
    mouseX = null;
    timeline.setHover(null);
  });
  window.addEventListener('mouseup', (e) => {
    if (!drag) return;
    const wasClick = !drag.moved && e.target === canvas;
    if (drag.area) drag.area.end(drag.moved);
    drag = null;
    canvas.classList.remove('dragging');
    if (wasClick) timeline.clickAt(localX(e), localY(e));
  });

  const keyFrame = (now) => {
    if (!held.size || !timeline.hasTrace) {
      lastKeyFrame = 0;
      return;
    }
    const dt = lastKeyFrame ? Math.min(now - lastKeyFrame, 50) : 16;
    lastKeyFrame = now;
    const scale = timeline.scale;
    const anchor = mouseX === null ? undefined : scale.pxToTime(mouseX);
    if (held.has('w')) scale.zoom(Math.exp(-KEY_ZOOM_PER_MS * dt), anchor);
    if (held.has('s')) scale.zoom(Math.exp(KEY_ZOOM_PER_MS * dt), anchor);
    if (held.has('a')) scale.panPx(-KEY_PAN_PER_MS * dt * scale.width);
    if (held.has('d')) scale.panPx(KEY_PAN_PER_MS * dt * scale.width);
    timeline.requestDraw();
    requestAnimationFrame(keyFrame);
  };

  window.addEventListener('keydown', (e) => {
    if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.toLowerCase();
    if (!'wasd'.includes(key) || key.length !== 1) return;
    e.preventDefault();
    const wasIdle = held.size === 0;
    held.add(key);
    if (wasIdle) requestAnimationFrame(keyFrame);
  });
  window.addEventListener('keyup', (e) => held.delete(e.key.toLowerCase()));
  window.addEventListener('blur', () => held.clear());
}

function isTyping(el) {
  return el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' || el.isContentEditable);
}
