// Business constants and limits (spec section 9, DESIGN section 8).

export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;
export const SCENARIO_BATCH_LIMIT = 100;
export const MEDIA_BATCH_LIMIT = 10;
export const UPLOAD_BATCH_DELAY_MS = 1500;
export const FOLDER_SCAN_DEPTH = 3;

export const SCENARIO_EXTENSIONS = ['.isims', '.ctgi', '.alsi', '.json'] as const;
export const MEDIA_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.jpe', '.bmp', '.gif'] as const;
export const MEDIA_VIDEO_EXTENSIONS = ['.mp4', '.mov', '.m4v'] as const;

export const PAGE_SIZE = {
  scenarioLibrary: 10,
  scenarioLibraryChoices: [5, 10, 25, 50],
  myScenarios: 5,
  myMedia: 6,
  mediaLibrary: 9,
  feed: 5,
  adminUsers: 100,
  search: 20,
  searchAllPerKind: 5,
} as const;

export const PAGINATOR = { pageRange: 3, marginPages: 2 } as const;

export const TEXT_LIMITS = {
  scenarioDescription: 200,
  mediaName: 200,
  mediaDescription: 200,
  declineReason: 250,
  tagTitleDisplay: 20,
  passwordMin: 8,
} as const;

export const NOTIFICATION_POLL_MS = 60_000;

/** Resumable uploads go up in chunks of this size (DESIGN section 6: 8-50 MB). */
export const UPLOAD_CHUNK_BYTES = 16 * 1024 * 1024;
