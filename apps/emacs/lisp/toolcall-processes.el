;;; toolcall-processes.el --- The bridge's managed processes  -*- lexical-binding: t -*-

;; Copyright (C) 2026 The toolcall authors

;; Author: The toolcall authors
;; URL: https://github.com/toolcall/toolcall
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; `toolcall-processes' lists the processes the bridge manages, the
;; Bash commands still running in the background and the Monitors, in a
;; `tabulated-list-mode' buffer that refreshes itself while it is shown:
;; `g' refreshes now, `k' stops the process at point, RET opens its
;; output, `s' types a line into a terminal process and C-c C-c sends it
;; Ctrl-C.  Every request is asynchronous, so the list works while a
;; script runs.

;;; Code:

(require 'tabulated-list)
(require 'toolcall)

(defcustom toolcall-processes-refresh-interval 1
  "Seconds between refreshes of a shown process list or process output."
  :type 'number
  :group 'toolcall
  :package-version '(toolcall . "0.1.0"))

(defconst toolcall-processes-buffer-name "*toolcall processes*"
  "The name of the process list's buffer.")

(defvar-local toolcall-processes--timer nil
  "The timer refreshing this buffer while it is shown.")

(defvar-local toolcall-processes--rows nil
  "The process plists of the last listing, by id.")

(defvar-local toolcall-processes--id nil
  "The process whose output this buffer shows.")

(defun toolcall-processes--ready-p ()
  "Return non-nil when the bridge is up and has answered initialize."
  (and toolcall--ready (toolcall-live-p)))

(defun toolcall-processes--call (method params callback)
  "Send METHOD with PARAMS to a running bridge; call CALLBACK with the result.
A failure is shown in the echo area as a sentence and CALLBACK is
not called.  Return nil, without sending, when no bridge runs."
  (when (toolcall-processes--ready-p)
    (toolcall--request method params
                       (lambda (result failure)
                         (if failure
                             (message "toolcall: %s" (toolcall-error-sentence failure))
                           (funcall callback result))))
    t))

;;;; Auto-refresh

(defun toolcall-processes--start-timer (refresh)
  "Call REFRESH in the current buffer periodically while it is shown.
The timer goes with the buffer."
  (when (timerp toolcall-processes--timer) (cancel-timer toolcall-processes--timer))
  (let* ((buffer (current-buffer))
         (timer (timer-create)))
    (timer-set-time timer (time-add nil toolcall-processes-refresh-interval)
                    toolcall-processes-refresh-interval)
    (timer-set-function timer #'toolcall-processes--tick (list buffer timer refresh))
    (timer-activate timer)
    (setq toolcall-processes--timer timer)
    (add-hook 'kill-buffer-hook #'toolcall-processes--cancel-timer nil t)))

(defun toolcall-processes--tick (buffer timer refresh)
  "Call REFRESH in BUFFER when it is shown; cancel TIMER once BUFFER is gone."
  (cond
   ((not (buffer-live-p buffer)) (cancel-timer timer))
   ((get-buffer-window buffer t)
    (with-current-buffer buffer (funcall refresh)))))

(defun toolcall-processes--cancel-timer ()
  "Cancel the current buffer's refresh timer."
  (when (timerp toolcall-processes--timer)
    (cancel-timer toolcall-processes--timer)
    (setq toolcall-processes--timer nil)))

;;;; The list

(defvar toolcall-processes-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "k") #'toolcall-processes-stop)
    (define-key map (kbd "RET") #'toolcall-processes-output)
    (define-key map (kbd "s") #'toolcall-processes-send-line)
    (define-key map (kbd "C-c C-c") #'toolcall-processes-interrupt)
    map)
  "Keymap of `toolcall-processes-mode'.")

(define-derived-mode toolcall-processes-mode tabulated-list-mode "ToolCall Processes"
  "List the processes the bridge manages; refreshes while shown.
\\{toolcall-processes-mode-map}"
  (setq tabulated-list-format [("Id" 18 t) ("State" 10 t) ("PTY" 4 t)
                               ("Elapsed" 8 toolcall-processes--elapsed<)
                               ("Output" 9 toolcall-processes--bytes<)
                               ("Command" 0 nil)])
  (setq tabulated-list-sort-key nil)
  (setq tabulated-list-padding 1)
  (add-hook 'tabulated-list-revert-hook #'toolcall-processes-refresh nil t)
  (tabulated-list-init-header))

(defun toolcall-processes--elapsed (milliseconds)
  "Return MILLISECONDS as elapsed time for people: 4.2s, 3:07 or 1:02:09."
  (let ((seconds (/ milliseconds 1000.0)))
    (cond ((< seconds 60) (format "%.1fs" seconds))
          ((< seconds 3600) (format-seconds "%m:%.2s" seconds))
          (t (format-seconds "%h:%.2m:%.2s" seconds)))))

(defun toolcall-processes--sort-value (entry column)
  "Return the number under COLUMN of the process of list ENTRY."
  (or (plist-get (cdr (assoc (car entry) toolcall-processes--rows)) column) 0))

(defun toolcall-processes--elapsed< (a b)
  "Return non-nil when list entry A has run shorter than B."
  (< (toolcall-processes--sort-value a :elapsedMs)
     (toolcall-processes--sort-value b :elapsedMs)))

(defun toolcall-processes--bytes< (a b)
  "Return non-nil when list entry A has written less output than B."
  (< (toolcall-processes--sort-value a :outputBytes)
     (toolcall-processes--sort-value b :outputBytes)))

(defun toolcall-processes--entry (process)
  "Return the `tabulated-list-entries' entry of PROCESS, a plist."
  (list (plist-get process :id)
        (vector (plist-get process :id)
                (plist-get process :state)
                (if (plist-get process :tty) "yes" "no")
                (toolcall-processes--elapsed (plist-get process :elapsedMs))
                (file-size-human-readable (plist-get process :outputBytes))
                (replace-regexp-in-string "\n" " " (plist-get process :command)))))

(defun toolcall-processes--show (processes)
  "Draw PROCESSES, plists from the bridge, keeping point on its process."
  (setq toolcall-processes--rows
        (mapcar (lambda (process) (cons (plist-get process :id) process)) processes))
  (setq tabulated-list-entries (mapcar #'toolcall-processes--entry processes))
  (setq header-line-format nil)
  (tabulated-list-init-header)
  (tabulated-list-print t))

(defun toolcall-processes-refresh ()
  "Ask the bridge for its processes and draw them when the answer comes."
  (interactive)
  (let ((buffer (current-buffer)))
    (unless (toolcall-processes--call
             "processes/list" '()
             (lambda (result)
               (when (buffer-live-p buffer)
                 (with-current-buffer buffer
                   (toolcall-processes--show (plist-get result :processes))))))
      (setq toolcall-processes--rows nil tabulated-list-entries nil)
      (tabulated-list-print t)
      (setq header-line-format
            (substitute-command-keys
             "The bridge is not running; \\[toolcall-restart] starts it")))))

;;;###autoload
(defun toolcall-processes ()
  "List the processes the bridge manages: background Bash commands and Monitors.
The list refreshes while it is shown.  \\<toolcall-processes-mode-map>\\[revert-buffer] refreshes it now,
\\[toolcall-processes-stop] stops the process at point, \\[toolcall-processes-output] shows its output,
\\[toolcall-processes-send-line] types a line into it and \\[toolcall-processes-interrupt] sends it Ctrl-C."
  (interactive)
  (with-current-buffer (get-buffer-create toolcall-processes-buffer-name)
    (unless (derived-mode-p 'toolcall-processes-mode) (toolcall-processes-mode))
    (toolcall-processes-refresh)
    (toolcall-processes--start-timer #'toolcall-processes-refresh)
    (pop-to-buffer (current-buffer))))

(defun toolcall-processes--at-point ()
  "Return the plist of the process at point; signal a `user-error' when none."
  (let ((id (or (tabulated-list-get-id) (user-error "No process at point"))))
    (or (cdr (assoc id toolcall-processes--rows)) (list :id id :command ""))))

(defun toolcall-processes-stop (&optional no-confirm)
  "Stop the process at point, after confirmation unless NO-CONFIRM.
Its process group gets TERM, then KILL after a grace interval."
  (interactive)
  (let* ((process (toolcall-processes--at-point))
         (id (plist-get process :id))
         (buffer (current-buffer)))
    (when (or no-confirm
              (y-or-n-p (format "Stop process %s (%s)? " id
                                (truncate-string-to-width (plist-get process :command) 50
                                                          nil nil "…"))))
      (unless (toolcall-processes--call
               "processes/stop" (list :id id)
               (lambda (_result)
                 (message "toolcall: stopped process %s" id)
                 (when (buffer-live-p buffer)
                   (with-current-buffer buffer (toolcall-processes-refresh)))))
        (user-error "The bridge is not running")))))

(defun toolcall-processes--send (id chars done)
  "Send CHARS to the process ID, then say DONE in the echo area."
  (unless (toolcall-processes--call "processes/send" (list :id id :chars chars)
                                    (lambda (_result) (message "toolcall: %s" done)))
    (user-error "The bridge is not running")))

(defun toolcall-processes-interrupt ()
  "Send Ctrl-C to the process at point."
  (interactive)
  (let ((id (plist-get (toolcall-processes--at-point) :id)))
    (toolcall-processes--send id "\^C" (format "sent Ctrl-C to process %s" id))))

(defun toolcall-processes-send-line (line)
  "Type LINE and a newline into the terminal process at point.
Only a process started with a terminal (PTY yes) takes input."
  (interactive
   (let ((process (toolcall-processes--at-point)))
     (list (read-string (format "Line for %s: " (plist-get process :id))))))
  (let ((id (plist-get (toolcall-processes--at-point) :id)))
    (toolcall-processes--send id (concat line "\n") (format "sent a line to process %s" id))))

;;;; Output

(defvar toolcall-process-output-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "g") #'toolcall-process-output-refresh)
    map)
  "Keymap of `toolcall-process-output-mode'.")

(define-derived-mode toolcall-process-output-mode special-mode "ToolCall Output"
  "Show a managed process's output; it follows the process while shown.
\\{toolcall-process-output-mode-map}"
  (setq buffer-undo-list t)
  (setq-local revert-buffer-function
              (lambda (&rest _) (toolcall-process-output-refresh))))

(defun toolcall-process-output--insert (result)
  "Replace the shown output by RESULT's text.
Point stays on its line, or follows the end when it is there."
  (let* ((inhibit-read-only t)
         (text (plist-get result :text))
         (text (if (eq (plist-get result :truncated) t)
                   (concat (format "[the first %s are not shown]\n"
                                   (file-size-human-readable
                                    (- (plist-get result :outputBytes)
                                       (string-bytes text))))
                           text)
                 text)))
    (unless (equal text (buffer-string))
      (let ((at-end (eobp))
            (line (line-number-at-pos))
            (column (current-column)))
        (erase-buffer)
        (insert text)
        (if at-end
            (goto-char (point-max))
          (goto-char (point-min))
          (forward-line (1- line))
          (move-to-column column))))))

(defun toolcall-process-output-refresh ()
  "Read the process's output from the bridge again."
  (interactive)
  (let ((buffer (current-buffer))
        (id toolcall-processes--id))
    (unless (and (toolcall-processes--ready-p)
                 (toolcall--request
                  "processes/output" (list :id id)
                  (lambda (result failure)
                    (when (buffer-live-p buffer)
                      (with-current-buffer buffer
                        (if failure
                            ;; An ended process's output is kept a while, then let go.
                            (progn
                              (toolcall-processes--cancel-timer)
                              (setq header-line-format
                                    (format "Process %s: %s" id
                                            (toolcall-error-sentence failure))))
                          (setq header-line-format
                                (format "Process %s: %s" id
                                        (file-size-human-readable
                                         (plist-get result :outputBytes))))
                          (toolcall-process-output--insert result)))))))
      (toolcall-processes--cancel-timer)
      (setq header-line-format (format "Process %s: the bridge is not running" id)))))

(defun toolcall-processes-output (&optional id)
  "Show the output of the process at point, or of the process ID.
The buffer follows the process while it is shown."
  (interactive)
  (let* ((id (or id (plist-get (toolcall-processes--at-point) :id)))
         (buffer (get-buffer-create (format "*toolcall output %s*" id))))
    (with-current-buffer buffer
      (unless (derived-mode-p 'toolcall-process-output-mode)
        (toolcall-process-output-mode))
      (setq toolcall-processes--id id)
      (toolcall-process-output-refresh)
      (toolcall-processes--start-timer #'toolcall-process-output-refresh))
    (pop-to-buffer buffer)
    buffer))

(provide 'toolcall-processes)
;;; toolcall-processes.el ends here
