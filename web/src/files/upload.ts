// A request body sent with upload progress (fetch cannot report it): large imports show a
// progress bar instead of a frozen page.
import { ApiError, ConnectionLostError, describeDetail } from '../api/errors.js';

export function uploadWithProgress(
  url: string,
  body: Blob | string,
  contentType: string,
  onProgress: (fraction: number) => void,
  headers: Readonly<Record<string, string>> = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('content-type', contentType);
    request.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ConnectionLostError(url));
    request.onload = () => {
      let parsed: unknown = request.responseText;
      try {
        parsed = request.responseText === '' ? undefined : JSON.parse(request.responseText);
      } catch {
        // Not JSON: the text itself is the answer (an error body from a proxy, say).
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(parsed);
        return;
      }
      const detail =
        typeof parsed === 'object' && parsed !== null && 'detail' in parsed
          ? (parsed as { detail: unknown }).detail
          : parsed;
      reject(new ApiError(request.status, detail, describeDetail(detail)));
    };
    request.send(body);
  });
}
