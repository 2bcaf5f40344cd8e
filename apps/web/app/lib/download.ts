import { ApiError } from './api';

/**
 * A GET under /api whose answer is a file (an export: CSV, XLSX), not the JSON envelope: fetched
 * with the session's cookie and handed to the browser as a download under the server's file name.
 * A refusal arrives as the envelope and is thrown as an ApiError, like any call's.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', 0, String(error));
  }
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    const code = payload?.error?.code ?? 'INTERNAL';
    throw new ApiError(code, response.status, payload?.error?.message ?? response.statusText);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
