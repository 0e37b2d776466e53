import { PASSWORD_MIN } from '@mini-vagas/shared/domain/user-registration'
import type { NewPasswordForm } from '@mini-vagas/shared/domain/staff-accounts'
import { TextField } from '../../../components/form-fields.tsx'

/** A new password and its confirmation, with the rule said before anyone gets it wrong. */
export function NewPasswordFields({
  value,
  errors,
  onChange,
}: {
  value: NewPasswordForm
  errors: Partial<Record<keyof NewPasswordForm, string>>
  onChange: (value: NewPasswordForm) => void
}) {
  return (
    <>
      <TextField
        id="password"
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        required
        hint={`Pelo menos ${PASSWORD_MIN} caracteres, com letras e números. Uma frase que só você conhece é ótima.`}
        error={errors.password}
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
      <TextField
        id="confirmation"
        label="Confirme a nova senha"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmation}
        value={value.confirmation}
        onChange={(e) => onChange({ ...value, confirmation: e.target.value })}
      />
    </>
  )
}
