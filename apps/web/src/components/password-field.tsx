import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useState } from 'react';
import { FormField, type FormFieldProps } from './form-field.tsx';
import { componentsTexts } from './texts.ts';

/** A password input with the show/hide toggle of spec 2 (Login; also the wipe confirmation). */
export function PasswordField(props: Omit<FormFieldProps, 'type' | 'endAdornment'>) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={isVisible ? componentsTexts.hidePassword : componentsTexts.showPassword}
            onClick={() => setIsVisible((visible) => !visible)}
            // keep the caret in the field when the toggle is clicked
            onMouseDown={(event) => event.preventDefault()}
            edge="end"
          >
            {isVisible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
