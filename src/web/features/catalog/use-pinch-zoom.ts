import { type PointerEvent, useCallback, useRef, useState } from 'react';

export const MAX_ZOOM = 4;
/** A double tap or double click zooms to this, centred where it landed. */
const TAP_ZOOM = 2.5;

interface Zoom {
  scale: number;
  x: number;
  y: number;
}

const NONE: Zoom = { scale: 1, x: 0, y: 0 };

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Keeps a zoomed picture covering its box: it cannot be dragged past its own edges. */
function clamp(zoom: Zoom, box: DOMRect): Zoom {
  const scale = Math.min(MAX_ZOOM, Math.max(1, zoom.scale));
  const maxX = (box.width * (scale - 1)) / 2;
  const maxY = (box.height * (scale - 1)) / 2;
  return { scale, x: Math.min(maxX, Math.max(-maxX, zoom.x)), y: Math.min(maxY, Math.max(-maxY, zoom.y)) };
}

/**
 * Pinch zoom with pointer events (the full-screen gallery): two fingers scale the
 * picture (1× to 4×) about its centre, one finger drags a zoomed picture, a double tap or double
 * click zooms in where it landed and out again. Not zoomed, the box lets the browser pan sideways
 * (touch-action pan-x) so the slides still swipe; zoomed, every touch is the picture's.
 */
export function usePinchZoom() {
  const [zoom, setZoom] = useState<Zoom>(NONE);
  // Fingers on the picture: it follows them at once; otherwise changes ease in.
  const [moving, setMoving] = useState(false);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; zoom: Zoom } | null>(null);
  const drag = useRef<{ from: Point; zoom: Zoom } | null>(null);

  const reset = useCallback(() => {
    pointers.current.clear();
    pinch.current = null;
    drag.current = null;
    setMoving(false);
    setZoom(NONE);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      event.currentTarget.setPointerCapture(event.pointerId);
      pinch.current = { distance: Math.max(1, distance(a, b)), zoom };
      drag.current = null;
      setMoving(true);
    } else if (zoom.scale > 1) {
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { from: { x: event.clientX, y: event.clientY }, zoom };
      setMoving(true);
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const box = event.currentTarget.getBoundingClientRect();
    const [a, b] = [...pointers.current.values()];
    if (pinch.current && a && b) {
      const start = pinch.current.zoom;
      setZoom(clamp({ ...start, scale: (start.scale * distance(a, b)) / pinch.current.distance }, box));
    } else if (drag.current) {
      const { from, zoom: start } = drag.current;
      setZoom(clamp({ scale: start.scale, x: start.x + event.clientX - from.x, y: start.y + event.clientY - from.y }, box));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) {
      drag.current = null;
      setMoving(false);
    }
    // Pinched back to (almost) nothing: straight again, so the slides swipe.
    setZoom((current) => (current.scale < 1.05 ? NONE : current));
  };

  const onDoubleClick = (event: { clientX: number; clientY: number; currentTarget: HTMLElement }) => {
    if (zoom.scale > 1) {
      setZoom(NONE);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    // The point tapped stays under the finger: it moves from the centre by (1 − scale) of its offset.
    const dx = event.clientX - (box.left + box.width / 2);
    const dy = event.clientY - (box.top + box.height / 2);
    setZoom(clamp({ scale: TAP_ZOOM, x: dx * (1 - TAP_ZOOM), y: dy * (1 - TAP_ZOOM) }, box));
  };

  return {
    zoomed: zoom.scale > 1,
    reset,
    /** For the box the fingers touch. */
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onDoubleClick,
      style: { touchAction: zoom.scale > 1 ? 'none' : 'pan-x' } as const,
    },
    /** For the picture inside it. */
    pictureStyle: {
      transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
      transition: moving ? 'none' : 'transform 150ms ease-out',
    },
  };
}
