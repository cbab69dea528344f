import { useEffect, useRef, useState, type MouseEvent } from 'react';

/**
 * A button whose menu or popover is loaded when the pointer or the focus reaches it, not with the
 * page (the popover code, floating-ui and what the overlay shows are a good part of a first screen
 * that nobody has opened yet). Until the first click the caller draws the plain button with
 * `triggerProps`; the click sets `requested`, and the caller then renders the lazily loaded overlay,
 * opened, around a button drawn the same way, which takes the focus when the plain one had it
 * (`useFocusTarget`).
 */
export function useDeferredOverlay(preload: () => Promise<unknown>, popupType: 'menu' | 'dialog') {
  const [requested, setRequested] = useState<{ focus: boolean } | null>(null);
  // A preload only: a failure is left to the click, whose lazy component reloads or shows the error page.
  const warm = () => void preload().catch(() => undefined);
  return {
    requested,
    triggerProps: {
      'aria-haspopup': popupType,
      'aria-expanded': false,
      onPointerEnter: warm,
      onFocus: warm,
      onClick: (event: MouseEvent<HTMLElement>) => setRequested({ focus: document.activeElement === event.currentTarget }),
    },
  };
}

/** A ref for the overlay's button, focused once when `focus` (the plain button had the focus). */
export function useFocusTarget<T extends HTMLElement>(focus: boolean) {
  const target = useRef<T>(null);
  useEffect(() => {
    if (focus) target.current?.focus();
  }, [focus]);
  return target;
}
