/** The two sizes the browser specs run at: a laptop, and a phone (an iPhone 12–15's CSS pixels). */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
