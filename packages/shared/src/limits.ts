/** Business constants and limits of SPEC §9 and the account rules of DESIGN §4. */
export const limits = {
  marketName: { min: 3, max: 63 },
  password: { min: 8, max: 100 },
  email: { max: 254 },
  name: { max: 100 },
  marketDescription: { max: 2000 },
  code: { length: 6, ttlMinutes: 10, maxAttempts: 5 },
  /** Seconds a user waits before another code of the same kind is sent. */
  resendCooldownSeconds: 60,
  imageUpload: { maxBytes: 10 * 1024 * 1024 },
  noticeVisibleMs: 2500,
  noticeFadeMs: 500,
  errorReloadSeconds: 5,
  themeCookieDays: 30,
  queryGcTimeMs: 60_000,
  orderNumberStart: 1001,
} as const;

/** Time zones offered in account settings: GMT-12 … GMT+13. */
export const TIME_ZONES = Array.from({ length: 26 }, (_, i) => {
  const offset = i - 12;
  return offset < 0 ? `GMT${offset}` : `GMT+${offset}`;
});
