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
