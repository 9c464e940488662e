import { useActionData, useNavigation } from 'react-router'
import type { Kind, SetupAnswer } from './form'

/** This form's last answer from the action, if the answer was to this form. */
export function useAnswer(formId: string) {
  const actionData = useActionData<SetupAnswer>()
  return actionData?.formId === formId ? actionData : undefined
}

/** True while this very form (intent, kind and item) is being sent. */
export function useBusy(intent: string, kind: Kind, id = '') {
  const navigation = useNavigation()
  const sent = navigation.formData
  return navigation.state === 'submitting' && sent?.get('intent') === intent && sent.get('kind') === kind && String(sent.get('id') ?? '') === id
}
