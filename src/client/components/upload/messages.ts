// The upload checks' messages in the app's language (the server words the same checks in
// src/shared/uploads.ts and its own catalogue).
import { i18n } from '../../i18n';
import { formatList } from '../../i18n/format';

/** 'Only .isims, .ctgi, .alsi and .json files can be uploaded' */
export const extensionMessage = (extensions: readonly string[]) => i18n.t('upload.extensions', { ns: 'common', list: formatList(extensions) });

/** 'Files must be 512 MB or smaller' */
export const sizeLimitMessage = (maxBytes: number) => i18n.t('upload.sizeLimit', { ns: 'common', mb: Math.round(maxBytes / (1024 * 1024)) });

/** 'You can upload at most 10 files at a time' */
export const tooManyFilesMessage = (maxFiles: number) => i18n.t('upload.tooMany', { ns: 'common', count: maxFiles });

export const uploadText = (key: 'stopped' | 'loaderFailed' | 'alreadyUploading' | 'notSignedIn' | 'connectionLost' | 'failedResume' | 'failed' | 'deviceNoFile') =>
  i18n.t(`upload.${key}`, { ns: 'common' });
