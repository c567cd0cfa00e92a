/**
 * The most pixels an uploaded image (a CV photo, a university's PNG logo) may have before it is
 * decoded: a small file may claim a huge picture, whose decoded pixels would fill the server's
 * memory. 40 megapixels is well beyond any phone camera's photo (12 to 24) or any logo.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
