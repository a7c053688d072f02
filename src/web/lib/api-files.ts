import type { z } from 'zod';
import { apiFetch, parseAnswer, reportRefusal, toApiError, type TAnswerSchema } from './api';
import { saveBlob } from './download';

// Files through the same client as every other request: a refusal is an ApiError with its code, an
// answer is checked against its schema.

export interface TUploadProgress {
  /** 0 to 100 while the body is sent (fetch cannot report it, so uploads use XMLHttpRequest). */
  onProgress?: (percent: number) => void;
  /** The body is sent; the server is now reading it. */
  onSent?: () => void;
}

/** Sends a file (or its text) as the request body with upload progress; returns the checked answer. */
export function apiUpload<S extends z.ZodType>(
  path: string,
  body: Blob | string,
  contentType: string,
  schema: TAnswerSchema<S>,
  progress: TUploadProgress = {},
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) progress.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = () => progress.onSent?.();
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check the connection and send the file again.'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) parseAnswer(`POST ${path}`, xhr.responseText, schema).then(resolve, reject);
      else reject(reportRefusal(toApiError(xhr.status, xhr.statusText, xhr.responseText)));
    };
    xhr.send(body);
  });
}

/**
 * Downloads an API answer (CSV, PDF, a document) with the session cookie, named as the server's
 * Content-Disposition says (else `fallbackName`). A refusal throws ApiError ("<status>: <message>").
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const response = await apiFetch('GET', path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}
