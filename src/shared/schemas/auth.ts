// Validation rules of spec section 5, shared by the forms and the API.
import * as v from 'valibot';

/** A missing field runs the field's own rules on '' so the user sees e.g. 'Email is required', not a key error. */
const field = <S extends v.GenericSchema<string, unknown>>(schema: S) => v.optional(schema, '');

export const PASSWORD_HELP =
  'Your password must be at least 8 characters long, containing at least one uppercase, lowercase and number.';

export const passwordSchema = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.minLength(8, PASSWORD_HELP),
  v.regex(/[A-Z]/, PASSWORD_HELP),
  v.regex(/[a-z]/, PASSWORD_HELP),
  v.regex(/[0-9]/, PASSWORD_HELP),
  v.regex(/^\S*$/, 'Password must not contain spaces'),
);

const requiredName = (label: string) =>
  v.pipe(v.string(`${label} is required`), v.trim(), v.nonEmpty(`${label} is required`), v.maxLength(100, `${label} is too long`));

export const emailSchema = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Email is required'),
  v.email('Please enter a valid email address'),
  v.maxLength(254, 'Email is too long'),
);

export const usernameSchema = v.pipe(
  v.string('Username is required'),
  v.nonEmpty('Username is required'),
  v.regex(/^\S+$/, 'Username must not contain spaces'),
  v.maxLength(50, 'Username is too long'),
);

export const organisationCodeSchema = v.pipe(
  v.string('Organisation code is required'),
  v.trim(),
  v.nonEmpty('Organisation code is required'),
);

/** The payload of POST /api/users/register. */
export const registerSchema = v.object({
  firstName: field(requiredName('First name')),
  lastName: field(requiredName('Last name')),
  email: field(emailSchema),
  username: field(usernameSchema),
  password: field(passwordSchema),
  distributorId: v.optional(v.union([v.number(), v.string()])),
  organisationCode: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s)))),
  ),
});
export type RegisterInput = v.InferInput<typeof registerSchema>;

/** The registration form: the payload plus the confirmation; both are flagged when they differ. */
export const registerFormSchema = v.pipe(
  v.object({
    firstName: requiredName('First name'),
    lastName: requiredName('Last name'),
    email: emailSchema,
    organisationCode: v.optional(v.string()),
    username: usernameSchema,
    password: passwordSchema,
    password2: v.string(),
  }),
  v.forward(
    v.partialCheck([['password'], ['password2']], (i) => i.password === i.password2, 'Passwords do not match'),
    ['password2'],
  ),
);
export type RegisterForm = v.InferInput<typeof registerFormSchema>;

export const loginSchema = v.object({
  username: field(v.pipe(v.string('Username is required'), v.trim(), v.nonEmpty('Username is required'))),
  password: field(v.pipe(v.string('Password is required'), v.nonEmpty('Password is required'))),
});

/** POST /api/password/SendEmail: `username` holds the e-mail address (or the username). */
export const resetRequestSchema = v.object({
  username: field(v.pipe(v.string('Email is required'), v.trim(), v.nonEmpty('Email is required'))),
});

export const resetPasswordSchema = v.object({
  token: field(v.pipe(v.string('Token is required'), v.nonEmpty('Token is required'))),
  newPassword: field(passwordSchema),
});

/** ?email= of GET /api/users/ResendVerificationEmail (an e-mail address or a username). */
export const resendVerificationSchema = v.object({
  email: field(v.pipe(v.string('Email is required'), v.trim(), v.nonEmpty('Email is required'))),
});

/** ?token= of POST /api/users/VerifyEmail. */
export const verifyEmailSchema = v.object({
  token: field(v.pipe(v.string('Token is required'), v.nonEmpty('Token is required'))),
});
/** The answer to a verification link: alreadyVerified when it was opened before and the account is verified. */
export const verifyEmailResultSchema = v.object({
  message: v.string(),
  alreadyVerified: v.optional(v.literal(true)),
});


/** The organisation code of PATCH /api/Users/AssignOrganisation/{code} and the 'Link Organisation' control. */
export const assignOrganisationSchema = v.object({ code: field(organisationCodeSchema) });

export const newPasswordFormSchema = v.pipe(
  v.object({ password: passwordSchema, password2: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['password2']], (i) => i.password === i.password2, 'Passwords do not match'),
    ['password2'],
  ),
);

const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, 'Too long'))));

/** POST /api/users/UpdateUserDetails: at least one of the three must be non-blank. */
export const updateDetailsSchema = v.pipe(
  v.object({
    Id: v.union([v.number(), v.string()]),
    FirstName: optionalText(100),
    LastName: optionalText(100),
    MobilePhone: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(30, 'Too long'), v.regex(/^[0-9+() -]*$/, 'Please enter a valid phone number'))),
    ),
  }),
  v.check((i) => Boolean(i.FirstName || i.LastName || i.MobilePhone), 'Enter a first name, last name or phone number'),
);
