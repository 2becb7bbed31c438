import {
  ErrorBodySchema,
  FILE_LIMITS,
  MESSAGE_FILE_PURPOSES,
  messageRoutes,
  type StoredFile,
} from '@cursus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';
import { getLanguage } from '@/lib/i18n';
import { messageKeys } from './messages-query-keys';

type AttachmentPurpose = (typeof MESSAGE_FILE_PURPOSES)[number];

/** Which limits a file falls under, from its name: PDFs are documents, the rest images. */
export function attachmentPurposeOf(file: File): AttachmentPurpose | null {
  const name = file.name.toLowerCase();
  return (
    MESSAGE_FILE_PURPOSES.find((purpose) =>
      FILE_LIMITS[purpose].extensions.some((extension) => name.endsWith(extension)),
    ) ?? null
  );
}

/** The `accept` of the attachment picker: every format a message may carry. */
export const ATTACHMENT_ACCEPT = MESSAGE_FILE_PURPOSES.flatMap(
  (purpose) => FILE_LIMITS[purpose].extensions,
).join(',');

/** What is wrong with a file before it travels, or null; the server checks it again from its bytes. */
export function checkAttachment(file: File): 'FILE_TOO_LARGE' | 'UNSUPPORTED_FORMAT' | null {
  const purpose = attachmentPurposeOf(file);
  if (!purpose) return 'UNSUPPORTED_FORMAT';
  return file.size > FILE_LIMITS[purpose].maxBytes ? 'FILE_TOO_LARGE' : null;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads an attachment into the conversation (multipart, part `file`). XMLHttpRequest rather than
 * fetch: only it reports upload progress in every browser.
 */
export function uploadAttachment(
  conversationId: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<StoredFile> {
  const purpose = attachmentPurposeOf(file);
  const problem = checkAttachment(file);
  if (!purpose || problem)
    return Promise.reject(new ApiError({ code: problem ?? 'UNSUPPORTED_FORMAT', status: 0 }));
  const path = messageRoutes.uploadFile.path.replace(':id', encodeURIComponent(conversationId));
  return new Promise<StoredFile>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(messageRoutes.uploadFile.method, `${path}?purpose=${purpose}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', getLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const json = parseJson(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        const body = ErrorBodySchema.safeParse(json);
        const fallback = request.status === 413 ? 'FILE_TOO_LARGE' : 'SERVER_ERROR';
        reject(
          new ApiError({
            code: body.success ? body.data.error.code : fallback,
            status: request.status,
            retryAfterSeconds: body.success ? body.data.error.details?.retryAfterSeconds : undefined,
          }),
        );
        return;
      }
      const parsed = messageRoutes.uploadFile.response.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError({ code: 'SERVER_ERROR', status: request.status, cause: parsed.error }));
    };
    request.onerror = () => reject(new ApiError({ code: 'NETWORK_ERROR', status: 0 }));
    const body = new FormData();
    body.append('file', file);
    onProgress?.(0);
    request.send(body);
  });
}

export interface SendMessageVariables {
  conversationId: string;
  body: string;
  file: File | null;
  onProgress?: (percent: number) => void;
}

/** Uploads the attachment first, if any, then sends the message naming it. */
export async function sendMessage({ conversationId, body, file, onProgress }: SendMessageVariables) {
  const fileId = file ? (await uploadAttachment(conversationId, file, onProgress)).id : null;
  return callApi(messageRoutes.sendMessage, { params: { id: conversationId }, body: { body, fileId } });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (_message, { conversationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.thread(conversationId) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
      ]),
  });
}
