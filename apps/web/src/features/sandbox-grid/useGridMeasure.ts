import { type RefObject, useLayoutEffect, useRef, useState } from "react";

/**
 * The list's width and its offset inside the page's scroller (the dashboard's <main>): the
 * virtualiser needs both. Follows resizes.
 */
export function useGridMeasure(listRef: RefObject<HTMLElement | null>) {
  const scrollerRef = useRef<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const scroller = (element.closest("main") as HTMLElement | null) ?? document.documentElement;
    scrollerRef.current = scroller;
    const measure = () => {
      setWidth(element.clientWidth);
      setScrollMargin(
        element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop,
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [listRef]);

  return { scrollerRef, width, scrollMargin };
}
