import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template, TemplateInput } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** `POST templates/`: its 400s go under the form's fields. */
export function createTemplate(body: TemplateInput): Promise<Template> {
  return http.post<Template>('templates/', body, { handle400: false });
}

/** `PUT templates/{id}/`: plans made from it keep their own activities. */
export function updateTemplate({ templateId, body }: { templateId: number; body: TemplateInput }): Promise<Template> {
  return http.put<Template>(`templates/${templateId}/`, body, { handle400: false });
}

/** `DELETE templates/{id}/` */
export function deleteTemplate(templateId: number): Promise<void> {
  return http.delete(`templates/${templateId}/`);
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  // Lists of plans show their template's name.
  return () => queryClient.invalidateQueries({ queryKey: ppiKeys.all });
}

export function useCreateTemplate() {
  return useMutation({ mutationFn: createTemplate, onSuccess: useInvalidateTemplates() });
}

export function useUpdateTemplate() {
  return useMutation({ mutationFn: updateTemplate, onSuccess: useInvalidateTemplates() });
}

export function useDeleteTemplate() {
  return useMutation({ mutationFn: deleteTemplate, onSuccess: useInvalidateTemplates() });
}
