import { cloneElement, useEffect, useRef, useState, type ReactElement, type SyntheticEvent } from 'react';
import Tooltip from '@mui/material/Tooltip';

/** MUI Tooltip's defaults, kept so a lazy tooltip shows and hides as an eager one does. */
const ENTER_DELAY_MS = 100;
const TOUCH_ENTER_DELAY_MS = 700;
const TOUCH_LEAVE_DELAY_MS = 1500;
/** Moving from one tooltip to the next within this time opens the next at once (MUI's hysteresis). */
const HYSTERESIS_MS = 800;
let lastClosedAt = 0;

type TriggerProps = {
  onMouseOver?: (e: SyntheticEvent) => void;
  onMouseLeave?: (e: SyntheticEvent) => void;
  onFocus?: (e: SyntheticEvent) => void;
  onBlur?: (e: SyntheticEvent) => void;
  onTouchStart?: (e: SyntheticEvent) => void;
  onTouchEnd?: (e: SyntheticEvent) => void;
};

const focusVisible = (el: Element) => {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
};

/**
 * A tooltip whose MUI Tooltip (with its Popper) is mounted on first hover, keyboard focus or
 * long press, not with the element: a list of 25 rows with 7 tooltips each spent about a
 * quarter of its first render mounting them (issue 24). The Tooltip is a sibling anchored to
 * the element, so arming it never remounts the element (focus and the pointer stay on it); the
 * timings are MUI's defaults (enter 100 ms, leave at once, touch 700/1500 ms, the next one at once
 * within 800 ms, Escape closes), opening on focus only when it is visible (keyboard).
 * The child must have its own accessible name (aria-label): nothing names it from the title.
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement<TriggerProps> }) {
  // The element it is for, known from its first event (set: the Tooltip is mounted).
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touched = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (e: SyntheticEvent, delay: number) => {
    setAnchor(e.currentTarget as HTMLElement);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const close = () => {
    setOpen((was) => {
      if (was) lastClosedAt = Date.now();
      return false;
    });
  };
  const hide = (delay = 0) => {
    clearTimeout(timer.current);
    if (delay) timer.current = setTimeout(close, delay);
    else close();
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      clearTimeout(timer.current);
      lastClosedAt = Date.now();
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const own = children.props;
  const trigger = cloneElement(children, {
    onMouseOver: (e: SyntheticEvent) => {
      own.onMouseOver?.(e);
      if (touched.current || open) return;
      show(e, Date.now() - lastClosedAt < HYSTERESIS_MS ? 0 : ENTER_DELAY_MS);
    },
    onMouseLeave: (e: SyntheticEvent) => {
      own.onMouseLeave?.(e);
      hide();
    },
    onFocus: (e: SyntheticEvent) => {
      own.onFocus?.(e);
      if (focusVisible(e.currentTarget as Element)) show(e, Date.now() - lastClosedAt < HYSTERESIS_MS ? 0 : ENTER_DELAY_MS);
    },
    onBlur: (e: SyntheticEvent) => {
      own.onBlur?.(e);
      hide();
    },
    onTouchStart: (e: SyntheticEvent) => {
      own.onTouchStart?.(e);
      touched.current = true;
      show(e, TOUCH_ENTER_DELAY_MS);
    },
    onTouchEnd: (e: SyntheticEvent) => {
      own.onTouchEnd?.(e);
      hide(TOUCH_LEAVE_DELAY_MS);
      // Mouse events emulated after a touch must not open it again.
      setTimeout(() => {
        touched.current = false;
      }, TOUCH_LEAVE_DELAY_MS);
    },
  });
  return (
    <>
      {trigger}
      {anchor && (
        <Tooltip
          title={title}
          open={open}
          disableHoverListener
          disableFocusListener
          disableTouchListener
          slotProps={{ popper: { anchorEl: anchor } }}
        >
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
