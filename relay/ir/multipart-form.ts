/** One uploaded file as the client sent it: its part's field name (`image[]` kept), filename, content type and bytes. */
export interface FormFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A client's `multipart/form-data` body: text fields in their order with their own names, and the files. */
export interface MultipartForm {
  fields: [name: string, value: string][];
  files: FormFile[];
}

/** The value of the text field `name` (its first, if sent more than once). */
export function formValue(form: MultipartForm, name: string): string | undefined {
  return form.fields.find(([field]) => field === name)?.[1];
}

/** The files sent as `name` or `name[]`, in their order. */
export function formFiles(form: MultipartForm, name: string): FormFile[] {
  return form.files.filter((file) => file.field === name || file.field === `${name}[]`);
}
