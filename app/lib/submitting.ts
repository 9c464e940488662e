import { useNavigation } from 'react-router'

/** True while this route's form (optionally with this intent) is being sent: for busy labels. */
export function useSubmitting(action?: string, intent?: string) {
  const navigation = useNavigation()
  if (navigation.state !== 'submitting') return false
  if (action && navigation.formAction.split('?')[0] !== action) return false
  if (intent && navigation.formData?.get('intent') !== intent) return false
  return true
}
