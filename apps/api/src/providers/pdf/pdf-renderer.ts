/**
 * How a report page is printed: A4 with its backgrounds and these margins. Shared with the journey
 * that checks how the report fills its pages.
 */
export const A4_PRINT = {
  format: 'A4',
  printBackground: true,
  margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
} as const;

/** What to print: a path of the app (its print route) and the admin whose session the page uses. */
export interface RenderOptions {
  /** Path of the SPA to print, e.g. /dashboard/test/user/{userId}/{challengeId}/print. */
  path: string;
  /** Access token the page signs in with, as the admin who asked for the PDF. */
  adminAccessToken: string;
}

/**
 * Prints pages of the app to PDF. The embedded default is headless Chromium; the interface lets tests
 * point it at another server and a deployment swap in a rendering service.
 */
export interface PdfRenderer {
  /**
   * Opens the page signed in as the admin, waits until it marks itself `[data-print-ready]`, and
   * prints it on A4. Throws AppError('TIMEOUT', 'Failed to generate report') past its deadline.
   */
  render(options: RenderOptions): Promise<Buffer>;
  /** Releases the browser (app close). */
  close(): Promise<void>;
}
