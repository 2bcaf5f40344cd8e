import type { UploadedImage } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from './api';

/** POST /Media/upload: one image as multipart field "file"; the server re-encodes it. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<UploadedImage>('POST', '/Media/upload', body);
    },
  });
}
