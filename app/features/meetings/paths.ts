/** The booking page: also where its signed links lead (?booking=&sig=). */
export const BOOK_PATH = "/book-a-meeting";
