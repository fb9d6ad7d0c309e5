/** A shell page gets the parameters the shared route table matched (e.g. `id` of /error/:id?). */
export interface ShellPageProps {
  params: Record<string, string>;
}
