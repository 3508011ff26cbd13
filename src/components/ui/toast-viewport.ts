/**
 * Where toasts appear: across the top on small screens (spec 000 §2), bottom right from the `sm`
 * breakpoint (a dialog open on a small screen makes room for them: Dialog.tsx). One class list for
 * the Radix viewport and its placeholder.
 */
export const TOAST_VIEWPORT_CLASS =
  'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col sm:max-w-[420px]';
