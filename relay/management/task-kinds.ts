// The kinds of background task (GET /api/task?kind=…). Plain data with no imports: the
// console bundles this file to find and name them.

/** Testing every channel not disabled by hand (POST /api/channel/test_all). */
export const TEST_ALL_KIND = 'channel_test_all';
