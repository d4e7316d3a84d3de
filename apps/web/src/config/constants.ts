/** Layout and timing constants from spec 1 section 9, in one place so components and tests agree. */
export const layout = {
  authCardMaxWidth: 520,
  modalMaxWidth: 680,
  dropdownMaxHeight: 240,
  tooltipMaxWidth: 265,
  headerContentMaxWidth: 1170,
  breakpoints: { small: 450, medium: 768, large: 1170 },
  navbarWidth: 260,
} as const;

/** Toasts sit bottom-centre and close after 3.5 s. */
export const TOAST_POSITION = 'bottom-center' as const;
export const TOAST_AUTO_CLOSE_MS = 3500;
export const MODAL_FADE_MS = 150;

/** Delay between 'Account successfully created' and the onboarding page. */
export const SIGNUP_REDIRECT_DELAY_MS = 2000;

/** Name shown on the desktop-app redirect page ('Redirecting to ... app'). */
export const PRODUCT_NAME = 'Agaton';

/** Where users are asked to write when something keeps failing (e.g. an upload). */
export const SUPPORT_EMAIL = 'support@agaton.app';
