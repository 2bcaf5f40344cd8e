import { NotFound } from '../../ui/not-found';

export function meta() {
  return [{ title: 'Not found · Shop builder' }];
}

export default function NotFoundPage() {
  return <NotFound />;
}
