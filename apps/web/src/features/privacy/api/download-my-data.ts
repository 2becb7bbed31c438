import { privacyRoutes } from '@cursus/contracts';
import { ApiError, toApiError } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'cursus-data.zip';
}

/**
 * Fetches the signed-in person's data export and hands the zip to the browser. Fetched rather than
 * linked, so a refusal (three an hour) shows as a message instead of a page of JSON.
 */
export async function downloadMyData(signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(privacyRoutes.exportMine.path, {
      credentials: 'same-origin',
      headers: { 'Accept-Language': getLanguage() },
      signal,
    });
  } catch (error) {
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, cause: error });
  }
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
