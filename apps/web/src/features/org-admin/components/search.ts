/** Members search is debounced 250 ms (spec 2 §5, §9). */
export const SEARCH_DEBOUNCE_MS = 250;
