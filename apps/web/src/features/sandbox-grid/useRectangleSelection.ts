import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef } from "react";
import { type Rect, rectBetween } from "./gridLayout.ts";
import { throttle } from "./throttle.ts";

/** Selection rectangle updates are throttled to 60 ms (spec 1 §9). */
export const RECTANGLE_THROTTLE_MS = 60;
/** A press that moves less than this is a click on empty space (it clears the selection). */
const CLICK_SLOP = 4;
/** Near the scroller's top or bottom edge the page scrolls while the rectangle grows. */
const EDGE = 40;
const EDGE_SPEED = 14;

type Point = { x: number; y: number };

/**
 * The selection rectangle, dragged from empty space of the list (spec 1 §9). Its corners are
 * kept in list coordinates, so it keeps growing while the page scrolls (by the wheel, or by
 * itself near the edges) and covers items the virtual list has not rendered. The rectangle is
 * drawn without React; `onSelect` gets the rectangle at most every 60 ms, and once at the end.
 */
export function useRectangleSelection({
  listRef,
  scrollerRef,
  rectangleRef,
  onStart,
  onSelect,
  onClick,
}: {
  listRef: RefObject<HTMLElement | null>;
  scrollerRef: RefObject<HTMLElement | null>;
  rectangleRef: RefObject<HTMLElement | null>;
  /** Called when the press turns into a rectangle; `additive` when shift, ctrl or meta was held. */
  onStart: (additive: boolean) => void;
  onSelect: (rect: Rect) => void;
  /** A press on empty space that did not move. */
  onClick: () => void;
}) {
  const latest = useRef({ onStart, onSelect, onClick });
  latest.current = { onStart, onSelect, onClick };
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  return (event: ReactPointerEvent<HTMLElement>) => {
    const list = listRef.current;
    if (!list || event.button !== 0 || !event.isPrimary) return;
    cleanup.current?.();
    const toList = (client: Point): Point => {
      const box = list.getBoundingClientRect();
      return { x: Math.max(0, Math.min(box.width, client.x - box.left)), y: Math.max(0, client.y - box.top) };
    };
    const additive = event.shiftKey || event.ctrlKey || event.metaKey;
    const startClient = { x: event.clientX, y: event.clientY };
    const start = toList(startClient);
    let client = startClient;
    let started = false;
    let frame = 0;
    const select = throttle((rect: Rect) => latest.current.onSelect(rect), RECTANGLE_THROTTLE_MS);

    const draw = () => {
      const rect = rectBetween(start, toList(client));
      const element = rectangleRef.current;
      if (element) {
        element.style.display = "block";
        element.style.transform = `translate(${rect.left}px, ${rect.top}px)`;
        element.style.width = `${rect.right - rect.left}px`;
        element.style.height = `${rect.bottom - rect.top}px`;
      }
      select(rect);
    };
    // Near an edge the scroller scrolls, and the rectangle follows the content.
    const edgeScroll = () => {
      frame = 0;
      const scroller = scrollerRef.current;
      if (!scroller || !started) return;
      const box = scroller.getBoundingClientRect();
      const speed = client.y < box.top + EDGE ? -EDGE_SPEED : client.y > box.bottom - EDGE ? EDGE_SPEED : 0;
      if (speed === 0) return;
      scroller.scrollTop += speed;
      frame = requestAnimationFrame(edgeScroll);
    };
    const onMove = (move: PointerEvent) => {
      client = { x: move.clientX, y: move.clientY };
      if (!started) {
        if (Math.hypot(client.x - startClient.x, client.y - startClient.y) < CLICK_SLOP) return;
        started = true;
        document.getSelection()?.removeAllRanges();
        latest.current.onStart(additive);
      }
      draw();
      if (!frame) frame = requestAnimationFrame(edgeScroll);
    };
    const onScroll = () => {
      if (started) draw();
    };
    const finish = (cancelled: boolean) => {
      if (started && !cancelled) select.flush();
      cleanup.current?.();
      if (!started && !cancelled) latest.current.onClick();
    };
    const onUp = () => finish(false);
    const onCancel = () => finish(true);
    const onKey = (key: KeyboardEvent) => {
      if (key.key === "Escape") finish(true);
    };
    const scroller = scrollerRef.current;
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onCancel);
    window.addEventListener("keydown", onKey);
    scroller?.addEventListener("scroll", onScroll, { passive: true });
    cleanup.current = () => {
      cleanup.current = null;
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onCancel);
      window.removeEventListener("keydown", onKey);
      scroller?.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
      if (rectangleRef.current) rectangleRef.current.style.display = "none";
      select.cancel();
    };
    // No text selection nor focus change while the rectangle is drawn.
    event.preventDefault();
  };
}
