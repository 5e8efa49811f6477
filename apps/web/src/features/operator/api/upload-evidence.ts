/**
 * POST /api/operator/atenciones/evidence: a video as multipart/form-data, through XMLHttpRequest
 * because fetch reports no upload progress. `atencion_id` goes before the file, as the server needs
 * (contract atenciones.ts). No 10 s time-out here: a 200 MB video takes as long as the link needs.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { AtencionEvidence, ErrorCode } from '@escudo/contract';
import { routes } from '@escudo/contract/browser';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { authToken } from '../../../lib/auth-token.ts';
import { libTexts } from '../../../lib/texts.ts';
import { refreshOperatorAtencion } from './get-atencion.ts';

export function uploadEvidence(
  atencionId: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<{ evidence: AtencionEvidence }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(routes.addAtencionEvidence.method, routes.addAtencionEvidence.path);
    const token = authToken.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) {
        resolve(data as { evidence: AtencionEvidence });
        return;
      }
      const error = data as { code?: ErrorCode; message?: string } | undefined;
      reject(
        new ApiRequestError({
          status: xhr.status,
          code: error?.code ?? 'UNEXPECTED_RESPONSE',
          message: error?.message ?? libTexts.unexpectedError,
        }),
      );
    };
    xhr.onerror = () =>
      reject(new ApiRequestError({ status: 0, code: 'NETWORK', message: libTexts.networkError }));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('atencion_id', String(atencionId));
    form.append('file', file);
    xhr.send(form);
  });
}

/** The upload of one video at a time, with its progress (0..1) and a way to cancel it. */
export function useUploadEvidence(atencionId: number) {
  const [progress, setProgress] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current = new AbortController();
      setProgress(0);
      return uploadEvidence(atencionId, file, setProgress, controller.current.signal);
    },
    onSuccess: () => refreshOperatorAtencion(atencionId),
  });
  return { ...mutation, progress, cancel: () => controller.current?.abort() };
}
